import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import { inWriteTransaction, type WriteScope } from '../../db/write-transaction.js';
import { runMessage } from '../../i18n/run-message.js';
import { wallClock } from '../../platform/wall-clock.js';
import type { AlertResolver, AlertSink } from '../alerts/alert-sink.js';
import { MaintenanceLease } from '../retention/maintenance-lease.repository.js';
import { appendSystemLog } from '../system-log/system-log.repository.js';
import {
  DEFAULT_FAILURE_THRESHOLD,
  nextCheckState,
  outageSubject,
  type CheckOutcome,
  type CheckTransition,
} from './server-check-state.js';
import {
  forgetCheck,
  recordCheck,
  storedCheckOf,
  storedChecks,
  type ServerKey,
  type StoredCheck,
} from './server-checks.repository.js';

/** A configured server to check: its key, its SID and where it is (host:port, or its URL without credentials). */
export interface CheckedServer extends ServerKey {
  sid: string;
  address: string;
}

/** A check's result; a failure also says why in English (its system-log line). */
export type ProbeResult = { ok: true } | (Extract<CheckOutcome, { ok: false }> & { text: string });

/**
 * The port the checks reach the servers through (modules/server-config implements it with the
 * connection tests' own code — the administrator's Test button — under the outbound rules).
 */
export interface ServerProbe {
  /** Every configured function (api) and sFTP server of every company. */
  servers(): Promise<CheckedServer[]>;
  /** One connection check within `timeoutMs`; never throws for the server's fault. */
  check(server: CheckedServer, timeoutMs: number): Promise<ProbeResult>;
}

export interface ServerCheckPassDeps {
  db: Db;
  probe: ServerProbe;
  nodeId: string;
  /** LIS_TIMEZONE: the times of the system-log lines. */
  timeZone: string;
  /** Where SERVER_UNREACHABLE is raised and resolved (modules/alerts); none: only the state and the log. */
  alerts?: (AlertSink & AlertResolver) | undefined;
  /** One check's limit. Default 10 s (the Test button's). */
  timeoutMs?: number;
  /** Failed checks in a row that make a server unreachable. Default 2. */
  failureThreshold?: number;
  /** Servers checked at once. Default 4. */
  concurrency?: number;
}

export interface CheckPassOutcome {
  /** False: another node holds the checks, or the last pass finished less than the interval ago. */
  ran: boolean;
  checked: number;
  unreachable: number;
  /** The servers that became unreachable or reachable again in this pass. */
  transitions: { key: ServerKey; to: 'UNREACHABLE' | 'REACHABLE' }[];
}

const LEASE_NAME = 'server-checks';
const LOG_SOURCE = 'server-checks';

/**
 * One pass of the connection checks (issue 35, decision 0049) on the node that holds the
 * `server-checks` lease (maintenance_leases, by the database's clock): due `minIntervalMs` after the
 * last pass finished on any node, so each server is checked once per interval across the cluster.
 * Each check's result is recorded in one transaction with what it changes — the outage's
 * SERVER_UNREACHABLE alert and its system-log line, or the alert's resolution and its line —, the
 * write conditional on the row's version.
 */
export async function runServerChecks(
  deps: ServerCheckPassDeps,
  options: { minIntervalMs: number; signal?: AbortSignal },
): Promise<CheckPassOutcome> {
  const timeoutMs = deps.timeoutMs ?? 10_000;
  const outcome: CheckPassOutcome = { ran: false, checked: 0, unreachable: 0, transitions: [] };
  const lease = new MaintenanceLease(deps.db, LEASE_NAME, deps.nodeId, timeoutMs + 60_000);
  if (!(await lease.acquire(options.minIntervalMs))) return outcome;
  outcome.ran = true;
  try {
    const servers = await deps.probe.servers();
    const stored = await storedChecks(deps.db.kysely);
    const size = Math.max(1, deps.concurrency ?? 4);
    for (let at = 0; at < servers.length && !options.signal?.aborted; at += size) {
      const batch = servers.slice(at, at + size);
      const results = await Promise.all(batch.map((server) => deps.probe.check(server, timeoutMs)));
      for (const [index, server] of batch.entries()) {
        const result = results[index] as ProbeResult;
        const made = await recordResult(deps, server, storedCheckOf(stored, server), result);
        outcome.checked += 1;
        if (made?.next.state === 'UNREACHABLE') outcome.unreachable += 1;
        if (made?.becameUnreachable) outcome.transitions.push({ key: server, to: 'UNREACHABLE' });
        if (made?.becameReachable) outcome.transitions.push({ key: server, to: 'REACHABLE' });
      }
      if (!(await lease.renew())) return outcome; // lost: another node carries on
    }
    const configured = new Set(
      servers.map((server) => `${server.kind}|${server.companyCode}|${server.serverId}`),
    );
    for (const [key, row] of stored) if (!configured.has(key)) await forget(deps, row);
  } finally {
    // A pass stopped part-way (the node shutting down) is not recorded as done: the next look, any node's, checks again.
    const result = JSON.stringify({ checked: outcome.checked, unreachable: outcome.unreachable });
    await lease.release(options.signal?.aborted ? undefined : result);
  }
  return outcome;
}

/** Records one check with the alert and log line it brings; undefined when another node recorded one meanwhile. */
async function recordResult(
  deps: ServerCheckPassDeps,
  server: CheckedServer,
  previous: StoredCheck | undefined,
  result: ProbeResult,
): Promise<CheckTransition | undefined> {
  return inWriteTransaction(deps.db, async (scope) => {
    const now = await databaseNow(scope, deps.db.dialect);
    const made = nextCheckState(previous, result, now, deps.failureThreshold ?? DEFAULT_FAILURE_THRESHOLD);
    if (!(await recordCheck(scope, server, previous?.version, made.next))) return undefined;
    if (made.outageStart === null || !(made.becameUnreachable || made.becameReachable)) return made;
    const subject = outageSubject(server.kind, server.serverId, made.outageStart);
    const alert = { companyCode: server.companyCode, condition: 'SERVER_UNREACHABLE' as const, subject };
    if (made.becameUnreachable)
      await deps.alerts?.raise(scope, {
        ...alert,
        legacyId: null,
        jobInstanceNo: null,
        businessDay: null,
        deadlineAt: null,
        occurredAt: made.outageStart,
      });
    else await deps.alerts?.resolve(scope, alert);
    await logTransition(scope, deps, server, made, result, now);
    return made;
  });
}

async function logTransition(
  scope: WriteScope,
  deps: ServerCheckPassDeps,
  server: CheckedServer,
  made: CheckTransition,
  result: ProbeResult,
  now: number,
): Promise<void> {
  const base = {
    kind: runMessage(server.kind === 'api' ? 'serverKindApi' : 'serverKindSftp'),
    server: server.serverId,
    address: server.address,
    since: wallText(made.outageStart ?? now, deps.timeZone),
  };
  await appendSystemLog(scope, [
    {
      sid: server.sid,
      companyCode: server.companyCode,
      jobInstanceNo: null,
      logType: made.becameUnreachable ? 'ERROR' : 'INFO',
      message: made.becameUnreachable
        ? runMessage('serverUnreachable', {
            ...base,
            failures: made.next.failures,
            error: result.ok ? '-' : result.text,
          })
        : runMessage('serverReachableAgain', base),
      msgSource: LOG_SOURCE,
      createdAt: now,
    },
  ]);
}

/** A server no longer configured: its row goes, and an outage still open is resolved. */
async function forget(deps: ServerCheckPassDeps, row: StoredCheck): Promise<void> {
  await inWriteTransaction(deps.db, async (scope) => {
    if (!(await forgetCheck(scope, row))) return;
    if (row.state === 'UNREACHABLE' && row.failingSince !== null)
      await deps.alerts?.resolve(scope, {
        companyCode: row.companyCode,
        condition: 'SERVER_UNREACHABLE',
        subject: outageSubject(row.kind, row.serverId, row.failingSince),
      });
  });
}

/** `yyyy-mm-dd HH:MM:SS` of an instant in the zone. */
function wallText(at: number, timeZone: string): string {
  const w = wallClock(at, timeZone);
  return `${w.year}-${w.month}-${w.day} ${w.hour}:${w.minute}:${w.second}`;
}
