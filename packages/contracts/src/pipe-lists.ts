/**
 * The spec's list fields are `|`-joined text: cron triggers, predecessors, e-mail addresses, roles, and
 * a chain's members (`legacyId,legacyName` entries). One reading of them, for the server and the console.
 */
export const PIPE = '|';

/** The non-empty entries of a `|`-joined list, each trimmed. */
export function splitPipeList(value: string | undefined | null): string[] {
  return (value ?? '')
    .split(PIPE)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** One job of a chain, in running order. */
export interface ChainMember {
  legacyId: string;
  legacyName: string;
}

/** `chain_jobs.legacy_list`: entries `legacyId,legacyName` joined by `|` → the members, in running order. */
export function parseChainMembers(legacyList: string): ChainMember[] {
  return splitPipeList(legacyList).map((entry) => {
    const comma = entry.indexOf(',');
    return comma < 0
      ? { legacyId: entry, legacyName: '' }
      : { legacyId: entry.slice(0, comma).trim(), legacyName: entry.slice(comma + 1).trim() };
  });
}
