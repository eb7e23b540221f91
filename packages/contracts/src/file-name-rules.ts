/**
 * The one rule on file names LIS creates and the one way names are shown (docs/security.md "Inputs",
 * decision 0024). Server (upload) and console (file lists) both use it.
 */

/**
 * The ASCII controls: C0 (NUL, TAB, CR, LF …) and DEL. Refused where only these can do harm (a
 * redirect target, a blob-store key) and replaced where a name is written into text.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this names
export const ASCII_CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** C0 controls, DEL and C1 controls: never part of a name or path LIS accepts. */
export const CONTROL_CHARACTERS = new RegExp(`${ASCII_CONTROL_CHARACTERS.source.slice(0, -1)}-\\u009f]`);

/**
 * Characters never accepted in a name LIS creates and always shown escaped: the control characters
 * above and the invisible or direction-changing format characters (the Arabic letter mark, zero-width
 * space and joiners, LRM/RLM, the bidi embeddings and overrides U+202A–U+202E, the word joiner and
 * invisible operators, the bidi isolates U+2066–U+2069, the BOM).
 */
export const UNSAFE_NAME_CHARACTERS = new RegExp(
  `${CONTROL_CHARACTERS.source.slice(0, -1)}\\u061c\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff]`,
);
const UNSAFE_GLOBAL = new RegExp(UNSAFE_NAME_CHARACTERS.source, 'g');

/** Device names Windows reserves, with or without extensions (`CON`, `con.txt`, `COM1.tar.gz`, …). */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]) *(\..*)?$/i;
/** Characters Windows does not allow in a name (the path separators among them). */
const WINDOWS_FORBIDDEN = /[<>:"/\\|?*]/;

/** Why a name may not be given to a new file, or undefined when it may. */
export type NewFileNameProblem = 'invisible' | 'reserved' | 'trailing' | 'characters';

/**
 * Whether `name` may be the name of a file LIS writes (an upload) on any partner server: no control,
 * bidi or invisible characters, no Windows device name, not ending with a dot or a space, none of
 * `< > : " / \ | ? *`. The general rules (not empty, no `..`, at most 255 bytes) are checked beside it.
 */
export function newFileNameProblem(name: string): NewFileNameProblem | undefined {
  if (UNSAFE_NAME_CHARACTERS.test(name)) return 'invisible';
  if (WINDOWS_RESERVED.test(name)) return 'reserved';
  if (/[. ]$/.test(name)) return 'trailing';
  if (WINDOWS_FORBIDDEN.test(name)) return 'characters';
  return undefined;
}

const LINE_BREAKS_AND_TABS = new Set(['\t', '\n', '\r']);

/**
 * A name as it may be shown: every unsafe character as a visible `\uXXXX` (U+202E → `\u202E`). The one
 * escaping of LIS (LIS issue 31 point 10): file lists, run messages, logs and status e-mails all show a
 * partner's name through it. `keepLineBreaks` leaves TAB, LF and CR of a free text (a peer's error
 * message) as they are; a name never keeps them.
 */
export function displayFileName(name: string, options: { keepLineBreaks?: boolean } = {}): string {
  return name.replace(UNSAFE_GLOBAL, (c) =>
    options.keepLineBreaks && LINE_BREAKS_AND_TABS.has(c)
      ? c
      : `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
}
