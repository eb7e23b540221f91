import type { ServerReachabilityColumn } from '../../db/schema.js';

/*
 * The connection check's rules (issue 35, decision 0049), pure: a server becomes UNREACHABLE after
 * `threshold` failed checks in a row — since the first of them, the outage's start — and REACHABLE
 * after one successful check. Until either happens its state is null (not decided yet).
 */

export type ServerKind = 'api' | 'sftp';

/** The checked state of one server, as its row holds it. */
export interface CheckState {
  state: ServerReachabilityColumn | null;
  since: number | null;
  failures: number;
  failingSince: number | null;
  checkedAt: number;
  /** JSON of the last failure's message key and values. */
  lastError: string | null;
}

/** A check's result: reached, or why not (a message key and its values; never a secret). */
export type CheckOutcome =
  { ok: true } | { ok: false; error: { key: string; params: Record<string, string | number> } };

export interface CheckTransition {
  next: CheckState;
  /** It became UNREACHABLE with this check: the outage's alert is raised (its start: `next.failingSince`). */
  becameUnreachable: boolean;
  /** It was UNREACHABLE and is reachable again: the outage that began at `outageStart` is resolved. */
  becameReachable: boolean;
  outageStart: number | null;
}

/** Two failed checks in a row, so that one blip pages nobody. */
export const DEFAULT_FAILURE_THRESHOLD = 2;

export function nextCheckState(
  previous: CheckState | undefined,
  outcome: CheckOutcome,
  now: number,
  threshold = DEFAULT_FAILURE_THRESHOLD,
): CheckTransition {
  const state = previous?.state ?? null;
  if (outcome.ok) {
    const changed = state !== 'REACHABLE';
    return {
      next: {
        state: 'REACHABLE',
        since: changed ? now : (previous?.since ?? now),
        failures: 0,
        failingSince: null,
        checkedAt: now,
        lastError: previous?.lastError ?? null,
      },
      becameUnreachable: false,
      becameReachable: state === 'UNREACHABLE',
      outageStart: state === 'UNREACHABLE' ? (previous?.failingSince ?? null) : null,
    };
  }
  const failures = (previous?.failures ?? 0) + 1;
  const failingSince = previous?.failingSince ?? now;
  const becomes = state !== 'UNREACHABLE' && failures >= Math.max(1, threshold);
  return {
    next: {
      state: becomes ? 'UNREACHABLE' : state,
      since: becomes ? failingSince : (previous?.since ?? null),
      failures,
      failingSince,
      checkedAt: now,
      lastError: JSON.stringify(outcome.error).slice(0, 1000),
    },
    becameUnreachable: becomes,
    becameReachable: false,
    outageStart: failingSince,
  };
}

/** The subject of an outage's SERVER_UNREACHABLE alert: one alert per server and outage. */
export function outageSubject(kind: ServerKind, serverId: string, outageStart: number): string {
  return `${kind}|${serverId}|${new Date(outageStart).toISOString()}`;
}

/** The server an outage's subject names; undefined when the subject is not one. */
export function serverOfSubject(subject: string): { kind: ServerKind; serverId: string } | undefined {
  const match = /^(api|sftp)\|(.+)\|(\d{4}-\d\d-\d\dT[\d:.]+Z)$/.exec(subject);
  return match ? { kind: match[1] as ServerKind, serverId: match[2] as string } : undefined;
}
