import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { storedRunText, type RunText } from '../../i18n/run-message.js';
import type { RunOutcome } from './run.js';

/**
 * What a node holds when it holds a run. Every write below has `WHERE id AND lease_owner AND
 * attempt AND state='RUNNING'`: a node whose lease expired and whose run was requeued (same
 * attempt, no owner) or claimed again (attempt + 1, another owner) matches no row, so its late
 * writes change nothing — the caller sees `false`/`undefined` and aborts its handler.
 */
export interface RunFence {
  runId: string;
  owner: string;
  attempt: number;
}

/** The caller's transaction, or the database. */
type Scope = Kysely<Database> | Transaction<Database>;

/**
 * The run's row, if this node still holds it. The fence's writes are functions over the caller's
 * scope, like every write of `job_runs` (decision 0038): a run's end and its log line commit together.
 */
function fenced(scope: Scope, fence: RunFence) {
  return scope
    .updateTable('job_runs')
    .where('id', '=', fence.runId)
    .where('lease_owner', '=', fence.owner)
    .where('attempt', '=', fence.attempt)
    .where('state', '=', 'RUNNING');
}

/** Heartbeat: extends the lease; answers who asked to cancel, or undefined if the lease is lost. */
export async function extendLease(
  scope: Scope,
  fence: RunFence,
  leaseUntil: number,
): Promise<{ cancelRequestedBy: string | null } | undefined> {
  const row = await fenced(scope, fence)
    .set({ lease_until: leaseUntil })
    .returning('cancel_requested_by')
    .executeTakeFirst();
  return row ? { cancelRequestedBy: row.cancel_requested_by } : undefined;
}

/**
 * Whether this node still holds the run. A no-op update rather than a read, so that on PostgreSQL
 * the row stays locked until the caller's transaction ends and no claim can slip in between.
 */
export async function holdsRun(scope: Scope, fence: RunFence): Promise<boolean> {
  const result = await fenced(scope, fence).set({ attempt: fence.attempt }).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function writeRunMessage(scope: Scope, fence: RunFence, message: RunText): Promise<boolean> {
  const result = await fenced(scope, fence).set(storedRunText(message)).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The run ends: state, finish time and message; the lease is cleared. */
export async function completeRun(
  scope: Scope,
  fence: RunFence,
  outcome: RunOutcome,
  now: number,
): Promise<boolean> {
  const result = await fenced(scope, fence)
    .set({
      state: outcome.status,
      ...storedRunText(outcome.message, 2000),
      finished_at: now,
      lease_owner: null,
      lease_until: null,
    })
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Graceful shutdown: back to the queue, attempt kept (the next claim fences this node out). */
export async function handBackRun(scope: Scope, fence: RunFence): Promise<boolean> {
  const result = await fenced(scope, fence)
    .set({ state: 'QUEUED', lease_owner: null, lease_until: null, started_at: null })
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Who asked to cancel which of these runs (those nobody asked about are left out). */
export async function cancelRequestsOf(
  scope: Scope,
  runIds: readonly string[],
): Promise<Map<string, string>> {
  if (runIds.length === 0) return new Map();
  const rows = await scope
    .selectFrom('job_runs')
    .select(['id', 'cancel_requested_by'])
    .where('id', 'in', runIds)
    .where('cancel_requested_by', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.id, row.cancel_requested_by ?? '']));
}
