import {
  CONTROL_CHARACTERS,
  SOURCE_DONE_MARKER_MAX,
  SOURCE_EXCLUDE_NAME_MAX,
  SOURCE_EXCLUDE_NAMES_DEFAULT,
  SOURCE_EXCLUDE_NAMES_MAX,
} from '@lis/contracts';
import type { SourceEntry } from '../source.js';

/*
 * Step 1's per-job stability options (DESIGN §4 step 1, decision 0018), as pure functions: which of
 * the files of a (two-listings stable) source listing a run takes, and which done-marker goes with
 * each. No I/O: the listing, the job's columns and the time of the listing come in.
 */

/** The job columns the choice reads. */
export interface SourceStabilityConfig {
  /** 0: no minimum age. */
  sftp_source_min_age_seconds: number;
  /** `{name}.done`, `{base}.ok`, `done_{name}`, …; null or blank: no marker needed. */
  sftp_source_done_marker: string | null;
  /** `|`-joined glob-ish patterns (`*`, `?`); null or blank: SOURCE_EXCLUDE_NAMES_DEFAULT. */
  sftp_source_exclude_names: string | null;
}

/** The done-marker of a file taken, removed from the source after the file itself. */
export interface DoneMarker {
  /** The marker's name in the source folder. */
  name: string;
  /**
   * The other data files the same marker stands for (`{base}` form: `x.ok` for `x.csv` and `x.pdf`),
   * in the listing: the marker is removed only once none of them is left at the source.
   */
  sharedWith: string[];
}

export interface SourceFileChoice {
  entry: SourceEntry;
  marker: DoneMarker | null;
}

/** Why a file the job wants stays at the source for now (a later run takes it). */
export type WaitReason =
  | { kind: 'too-young'; ageSeconds: number }
  | { kind: 'no-marker'; marker: string }
  | { kind: 'marker-older'; marker: string };

export interface SourceChoice {
  /** In listing order. */
  take: SourceFileChoice[];
  /** Files the job wants that are not ready yet (never excluded names or markers). */
  waiting: Array<{ name: string; reason: WaitReason }>;
}

export interface SourceChoiceInput {
  /** The stable listing of the source folder (regular files only). */
  entries: readonly SourceEntry[];
  config: SourceStabilityConfig;
  /** When the listing was made, by this node's clock (epoch ms). */
  listedAt: number;
  /** The job's own filter (file name regex and file type); default: every name. */
  wanted?: (name: string) => boolean;
}

/**
 * SFTP v3 carries whole seconds: a file listed with mtime `t` may have been written until `t + 1 s`.
 * The minimum age counts from that latest moment.
 */
const MTIME_RESOLUTION_MS = 1_000;

interface MarkerPattern {
  prefix: string;
  placeholder: 'name' | 'base';
  suffix: string;
}

const PLACEHOLDER = /\{(name|base)\}/g;

/** Why a done-marker pattern cannot be used, or null when it can. */
export function doneMarkerProblem(pattern: string): string | null {
  if (pattern.length > SOURCE_DONE_MARKER_MAX) return `longer than ${SOURCE_DONE_MARKER_MAX} characters`;
  if (CONTROL_CHARACTERS.test(pattern)) return 'control characters';
  if (/[/\\]/.test(pattern)) return 'a / or \\';
  const placeholders = pattern.match(PLACEHOLDER) ?? [];
  if (placeholders.length !== 1) return 'not exactly one {name} or {base}';
  const rest = pattern.replace(PLACEHOLDER, '');
  if (/[{}]/.test(rest)) return 'a { or } other than {name} or {base}';
  if (rest === '') return 'nothing but the placeholder';
  if (rest === '.' || rest === '..') return 'a name of . or ..';
  return null;
}

function parseDoneMarker(pattern: string): MarkerPattern {
  const problem = doneMarkerProblem(pattern);
  if (problem !== null) throw new Error(`the done-marker pattern "${pattern}" is not valid: ${problem}`);
  const match = /\{(name|base)\}/.exec(pattern) as RegExpExecArray;
  return {
    prefix: pattern.slice(0, match.index),
    placeholder: match[1] as 'name' | 'base',
    suffix: pattern.slice(match.index + match[0].length),
  };
}

/** `x.csv` → `x`; `x.tar.gz` → `x.tar`; `x` and `.profile` stay as they are. */
export function baseName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

function markerFor({ prefix, placeholder, suffix }: MarkerPattern, name: string): string {
  return `${prefix}${placeholder === 'name' ? name : baseName(name)}${suffix}`;
}

/** The marker name a data file needs under a done-marker `pattern` (`{name}.done`: `x.csv.done`). */
export function markerName(pattern: string, name: string): string {
  return markerFor(parseDoneMarker(pattern), name);
}

function isMarkerShape({ prefix, suffix }: MarkerPattern, name: string): boolean {
  return name.length > prefix.length + suffix.length && name.startsWith(prefix) && name.endsWith(suffix);
}

/**
 * The exclusion patterns of a job: `|`- (or `,`-) separated, trimmed, blanks dropped; a blank field
 * means the defaults, a non-blank one replaces them.
 */
export function excludedNamePatterns(value: string | null | undefined): string[] {
  const listed = splitPatterns(value ?? '');
  return listed.length > 0 ? listed : splitPatterns(SOURCE_EXCLUDE_NAMES_DEFAULT);
}

function splitPatterns(value: string): string[] {
  return value
    .split(/[|,]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}

/** The field as stored: patterns `|`-joined (blank when none: the defaults apply). */
export function normaliseExcludedNames(value: string): string {
  return splitPatterns(value).join('|');
}

/** The first pattern that cannot be used and why, or null when all can. */
export function excludedNamesProblem(value: string): { pattern: string; problem: string } | null {
  if (normaliseExcludedNames(value).length > SOURCE_EXCLUDE_NAMES_MAX)
    return { pattern: value.slice(0, 40), problem: `longer than ${SOURCE_EXCLUDE_NAMES_MAX} characters` };
  for (const pattern of splitPatterns(value)) {
    if (pattern.length > SOURCE_EXCLUDE_NAME_MAX)
      return { pattern: pattern.slice(0, 40), problem: `longer than ${SOURCE_EXCLUDE_NAME_MAX} characters` };
    if (CONTROL_CHARACTERS.test(pattern)) return { pattern, problem: 'control characters' };
    if (/[/\\]/.test(pattern)) return { pattern, problem: 'a / or \\' };
  }
  return null;
}

/**
 * Whether `name` matches a glob-ish `pattern`: `*` any run of characters (also none), `?` one
 * character, all else itself, case-insensitive. Linear backtracking (no regular expression), so a
 * pattern like `*a*a*a*b` cannot take long.
 */
export function globMatches(pattern: string, name: string): boolean {
  const p = Array.from(pattern.toLowerCase());
  const n = Array.from(name.toLowerCase());
  let pi = 0;
  let ni = 0;
  let star = -1;
  let resume = 0;
  while (ni < n.length) {
    if (pi < p.length && (p[pi] === '?' || (p[pi] !== '*' && p[pi] === n[ni]))) {
      pi += 1;
      ni += 1;
    } else if (pi < p.length && p[pi] === '*') {
      star = pi;
      pi += 1;
      resume = ni;
    } else if (star >= 0) {
      pi = star + 1;
      resume += 1;
      ni = resume;
    } else {
      return false;
    }
  }
  while (pi < p.length && p[pi] === '*') pi += 1;
  return pi === p.length;
}

/**
 * The files a run takes from a stable listing, each with the done-marker to remove after it:
 *
 * - a name of the done-marker's shape (`*.done` for `{name}.done`) is a marker, never data;
 * - a name matching an exclusion pattern (the defaults when the job lists none) is never taken;
 * - with a minimum age, a file is taken only when `reference − (mtime + 1 s) ≥ min age`, where
 *   `reference` is the later of the listing time (our clock) and the newest mtime in the listing
 *   (the server's clock): a server clock ahead of ours cannot make a file look young forever, and a
 *   file the server stamped "now" is never older than 0;
 * - with a done-marker pattern, a file is taken only when its marker is in the listing and not older
 *   than the file (a marker left over from an earlier file of the same name does not count).
 */
export function chooseSourceFiles(input: SourceChoiceInput): SourceChoice {
  const { entries, config, listedAt } = input;
  const wanted = input.wanted ?? (() => true);
  const markerPattern = config.sftp_source_done_marker?.trim() ?? '';
  const marker = markerPattern === '' ? null : parseDoneMarker(markerPattern);
  const excluded = excludedNamePatterns(config.sftp_source_exclude_names);
  const minAgeMs = Math.max(0, config.sftp_source_min_age_seconds) * 1000;
  const reference = entries.reduce((newest, entry) => Math.max(newest, entry.mtimeMs), listedAt);

  const markers = new Map<string, SourceEntry>();
  const data: SourceEntry[] = [];
  for (const entry of entries) {
    if (marker && isMarkerShape(marker, entry.name)) markers.set(entry.name, entry);
    else if (!excluded.some((pattern) => globMatches(pattern, entry.name))) data.push(entry);
  }
  const byMarker = new Map<string, string[]>();
  if (marker)
    for (const entry of data) {
      const needed = markerFor(marker, entry.name);
      byMarker.set(needed, [...(byMarker.get(needed) ?? []), entry.name]);
    }

  const choice: SourceChoice = { take: [], waiting: [] };
  for (const entry of data) {
    if (!wanted(entry.name)) continue;
    const ageMs = reference - (entry.mtimeMs + MTIME_RESOLUTION_MS);
    if (minAgeMs > 0 && ageMs < minAgeMs) {
      const ageSeconds = Math.max(0, Math.floor(ageMs / 1000));
      choice.waiting.push({ name: entry.name, reason: { kind: 'too-young', ageSeconds } });
      continue;
    }
    if (!marker) {
      choice.take.push({ entry, marker: null });
      continue;
    }
    const needed = markerFor(marker, entry.name);
    const found = markers.get(needed);
    if (!found) {
      choice.waiting.push({ name: entry.name, reason: { kind: 'no-marker', marker: needed } });
    } else if (found.mtimeMs < entry.mtimeMs) {
      choice.waiting.push({ name: entry.name, reason: { kind: 'marker-older', marker: needed } });
    } else {
      const sharedWith = (byMarker.get(needed) ?? []).filter((name) => name !== entry.name);
      choice.take.push({ entry, marker: { name: needed, sharedWith } });
    }
  }
  return choice;
}

/**
 * The done-marker to remove once the source file `name` is deleted, or null when the job has none.
 * `shared`: the `{base}` form, where one marker can stand for several files (`x.ok` for `x.csv` and
 * `x.pdf`) — then the caller checks a fresh listing with `othersNeedingMarker` first.
 */
export function doneMarkerAfter(
  config: Pick<SourceStabilityConfig, 'sftp_source_done_marker'>,
  name: string,
): { marker: string; shared: boolean } | null {
  const pattern = config.sftp_source_done_marker?.trim() ?? '';
  if (pattern === '') return null;
  const parsed = parseDoneMarker(pattern);
  return { marker: markerFor(parsed, name), shared: parsed.placeholder === 'base' };
}

/**
 * The data files of a listing, other than `name`, that need the same done-marker as `name` (excluded
 * names and markers do not count): while one is at the source, the marker stays.
 */
export function othersNeedingMarker(
  entries: readonly SourceEntry[],
  config: Pick<SourceStabilityConfig, 'sftp_source_done_marker' | 'sftp_source_exclude_names'>,
  name: string,
): string[] {
  const pattern = config.sftp_source_done_marker?.trim() ?? '';
  if (pattern === '') return [];
  const parsed = parseDoneMarker(pattern);
  const excluded = excludedNamePatterns(config.sftp_source_exclude_names);
  const needed = markerFor(parsed, name);
  return entries
    .filter((entry) => entry.isFile && entry.name !== name && !isMarkerShape(parsed, entry.name))
    .filter((entry) => !excluded.some((glob) => globMatches(glob, entry.name)))
    .filter((entry) => markerFor(parsed, entry.name) === needed)
    .map((entry) => entry.name);
}

/** One line for the run log naming the files left for a later run, or null when none. */
export function describeWaiting(waiting: SourceChoice['waiting'], minAgeSeconds: number): string | null {
  if (waiting.length === 0) return null;
  const why = (reason: WaitReason) => {
    if (reason.kind === 'too-young') return `${reason.ageSeconds} s old, minimum ${minAgeSeconds} s`;
    if (reason.kind === 'no-marker') return `no ${reason.marker} yet`;
    return `${reason.marker} is older than the file`;
  };
  const listed = waiting.map(({ name, reason }) => `${name} (${why(reason)})`).join(', ');
  const text = `left ${waiting.length} file(s) at the source for a later run: ${listed}`;
  return text.length > 1000 ? `${text.slice(0, 997)}...` : text;
}
