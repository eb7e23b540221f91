import { PIPE, splitPipeList } from '@lis/contracts';

/** The spec's list fields (cron triggers, predecessors, e-mail addresses) are `|`-joined text. */
export { PIPE, splitPipeList };

export function joinPipeList(entries: readonly string[]): string {
  return entries.join(PIPE);
}

/** An entry as the list stores it: every space removed, and no `|` (it would split the entry). */
export function cleanEntry(entry: string): string {
  return entry.replace(/[\s|]+/g, '');
}

/** The list with `entry` appended (cleaned); unchanged when the entry is empty or already there. */
export function addToPipeList(value: string | undefined, entry: string): string {
  const cleaned = cleanEntry(entry);
  const entries = splitPipeList(value);
  if (cleaned === '' || entries.includes(cleaned)) return joinPipeList(entries);
  return joinPipeList([...entries, cleaned]);
}

export function removeFromPipeList(value: string | undefined, entry: string): string {
  return joinPipeList(splitPipeList(value).filter((e) => e !== entry));
}

/** A list as saved: entries without spaces, blanks and duplicates dropped. */
export function normalisePipeList(value: string | undefined | null): string {
  const entries = splitPipeList(value)
    .map(cleanEntry)
    .filter((e) => e !== '');
  return joinPipeList([...new Set(entries)]);
}
