import { displayFileName } from '@lis/contracts';
import type { Language } from './messages.js';
import { RUN_MESSAGES } from './run-messages.messages.js';

export type RunMessageKey = keyof typeof RUN_MESSAGES;

/** The `{name}` placeholders of a template, as a union of names. */
type PlaceholdersOf<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PlaceholdersOf<Rest>
  : never;
type EnglishOf<K extends RunMessageKey> = (typeof RUN_MESSAGES)[K]['en'];
type ThaiOf<K extends RunMessageKey> = (typeof RUN_MESSAGES)[K]['th'];

/** A parameter: data (a name, a count, a peer's own error text), a nested message, or a list of them. */
export type RunParam = string | number | RunMessage | readonly RunText[];
export type RunParams<K extends RunMessageKey> = { readonly [P in PlaceholdersOf<EnglishOf<K>>]: RunParam };

interface KeyedRunMessage<K extends RunMessageKey> {
  readonly key: K;
  readonly params: RunParams<K>;
}
/** A message of the catalogue with every parameter its templates name. */
export type RunMessage = { [K in RunMessageKey]: KeyedRunMessage<K> }[RunMessageKey];
/** What the engine writes: a keyed message, or text from outside (a peer's error) kept as it is. */
export type RunText = string | RunMessage;

/** Compile-time check: English and Thai of every key are literals naming the same placeholders. */
type PlaceholderMismatch = {
  [K in RunMessageKey]: string extends EnglishOf<K> | ThaiOf<K>
    ? K // not a literal (a concatenation): its placeholders could not be checked
    : Exclude<PlaceholdersOf<EnglishOf<K>>, PlaceholdersOf<ThaiOf<K>>> extends never
      ? Exclude<PlaceholdersOf<ThaiOf<K>>, PlaceholdersOf<EnglishOf<K>>> extends never
        ? never
        : K
      : K;
}[RunMessageKey];
const placeholdersMatch: [PlaceholderMismatch] extends [never] ? true : PlaceholderMismatch = true;
void placeholdersMatch;

/** `runMessage('stepStarted', { step: 1, name: 'load' })`: an unknown key or a missing parameter does not compile. */
export function runMessage<K extends RunMessageKey>(
  key: K,
  ...params: [PlaceholdersOf<EnglishOf<K>>] extends [never] ? [] : [RunParams<K>]
): KeyedRunMessage<K> {
  return { key, params: (params[0] ?? {}) as RunParams<K> };
}

const isKey = (key: string): key is RunMessageKey => Object.hasOwn(RUN_MESSAGES, key);

/**
 * Text from outside (a peer's error, a row stored before 0015) as it may be shown: control and bidi
 * characters escaped (`\u202E`), its line breaks kept (LIS issue 31 point 10).
 */
const shownText = (text: string) => displayFileName(text, { keepLineBreaks: true });

function renderParam(language: Language, value: unknown): string | undefined {
  // A parameter is data — a partner's file name, a count — shown with every unsafe character escaped.
  if (typeof value === 'string') return displayFileName(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    const parts = value.map((item) => renderParam(language, item));
    return parts.every((part) => part !== undefined) ? parts.join('; ') : undefined;
  }
  if (typeof value === 'object' && value !== null && 'key' in value && 'params' in value)
    return renderKeyed(language, String(value.key), value.params);
  return undefined;
}

/** The text of a key and its parameters, or undefined when the key or a parameter is unknown. */
function renderKeyed(language: Language, key: string, params: unknown): string | undefined {
  if (!isKey(key) || typeof params !== 'object' || params === null) return undefined;
  const values = params as Record<string, unknown>;
  let complete = true;
  const text = RUN_MESSAGES[key][language].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const rendered = Object.hasOwn(values, name) ? renderParam(language, values[name]) : undefined;
    if (rendered === undefined) complete = false;
    return rendered ?? whole;
  });
  return complete ? text : undefined;
}

/** A run text in a language (text from outside as it is, its control and bidi characters escaped). */
export function renderRunText(language: Language, text: RunText): string {
  if (typeof text === 'string') return shownText(text);
  return renderKeyed(language, text.key, text.params) ?? text.key;
}

/** The English text: what the e-mail, the legacy API and the exports carry. */
export const englishRunText = (text: RunText): string => renderRunText('en', text);

/** The columns a message is stored in (migration 0015). */
export interface StoredRunText {
  /** English: read by the legacy API, e-mail, exports, searches and readers older than 0015. */
  message: string;
  message_key: string | null;
  /** The parameters as JSON (nested messages as `{key, params}`). */
  message_params: string | null;
}

/** The stored form of a run text; the English text cut to `maxLength` when given. */
export function storedRunText(text: RunText, maxLength?: number): StoredRunText {
  if (typeof text === 'string')
    return { message: shownText(text).slice(0, maxLength), message_key: null, message_params: null };
  return {
    message: renderRunText('en', text).slice(0, maxLength),
    message_key: text.key,
    message_params: JSON.stringify(text.params),
  };
}

export interface StoredRunTextColumns {
  message: string | null;
  message_key?: string | null | undefined;
  message_params?: string | null | undefined;
}

/** A row on its way out, with its stored message until the route renders it in the reader's language. */
export interface WithStoredMessage {
  storedMessage: StoredRunTextColumns;
}

/**
 * A stored message in the reader's language. A row without a key (written before 0015, or text from
 * outside), with a key this version does not know, or with unreadable parameters reads as stored.
 */
export function renderStoredRunText(language: Language, row: StoredRunTextColumns): string {
  const stored = shownText(row.message ?? '');
  if (!row.message_key) return stored;
  let params: unknown;
  try {
    params = JSON.parse(row.message_params ?? '{}');
  } catch {
    return stored;
  }
  return renderKeyed(language, row.message_key, params) ?? stored;
}

/** A stored message read back as a run text (a takeover continues with the steps' messages). */
export function readStoredRunText(row: StoredRunTextColumns): RunText {
  const stored = row.message ?? '';
  if (!row.message_key || !isKey(row.message_key)) return stored;
  try {
    const params: unknown = JSON.parse(row.message_params ?? '{}');
    if (renderKeyed('en', row.message_key, params) === undefined) return stored;
    return { key: row.message_key, params } as RunMessage;
  } catch {
    return stored;
  }
}
