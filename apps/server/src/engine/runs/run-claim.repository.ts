import { sql, type Selectable } from 'kysely';
import type { Db, DialectName } from '../../db/database.js';
import type { JobRunTable, TriggerOwnerKind } from '../../db/schema.js';
import type { WriteScope } from '../../db/write-transaction.js';
import { runMessage, storedRunText, type RunText } from '../../i18n/run-message.js';
import type { ClaimedRun } from './run.js';
import { sidOfRunColumns } from './run-log.repository.js';
import { heldByOverlap } from './run-overlap.repository.js';
import type { AlertSink } from '../alerts/alert-sink.js';

/**
 * The claim's statements (run-claim.ts decides, these write): the one-statement claim
 * of PostgreSQL, the candidates and what the full claim reads about them, and the three ways a
 * claimed candidate changes — started, waiting, ended without running. Every write is a
 * compare-and-set on the state the candidate was read in, inside the claim's transaction.
 */

/** What a node asks of the claim (run-claim.ts's `claimRuns`). */
export interface ClaimRequest {
  nodeId: string;
  ownerKind: TriggerOwnerKind;
  /** How many runs this node may still start. */
  limit: number;
  leaseMs: number;
  /** How long a run waits for its predecessors before it ends ERROR. */
  waitLimitMs: number;
  /** Where a run the claim ends ERROR or STOPPED without running raises its alert (issue 35). */
  alerts?: AlertSink | undefined;
}

type RunRow = Selectable<JobRunTable>;

export const jobKey = (run: { company_code: string; legacy_id: string }) =>
  `${run.company_code}|${run.legacy_id}`;

/**
 * PostgreSQL (issue 19): the common claim in one statement and one round trip — no BEGIN, no
 * separate read of the clock, no COMMIT of its own. It takes the oldest QUEUED runs `FOR UPDATE
 * SKIP LOCKED` (as `claimCandidates` does), and starts them exactly as run-claim.ts's `startRuns`
 * would (RUNNING, this node's lease from the database's now, attempt + 1, "run started" lines) —
 * but only when every candidate is one the full claim would simply start: no cancel asked, never
 * claimed before (attempt 0: no takeover line to decide), no predecessors to check (the job's
 * `legacy_criteria` holds nothing but `|` and spaces; anything else counts as having some), and no
 * WAITING run of the kind to re-check. Otherwise it changes nothing and answers undefined: the
 * caller runs the full claim, which decides those cases one by one as before. The update and the
 * log lines are one statement, so they commit together.
 */
export interface PlainClaim {
  runs: ClaimedRun[];
  /** The earliest QUEUED run of the kind not yet due (fired ahead): in how many ms it is due. */
  nextDueInMs: number | undefined;
}

/** When a QUEUED run is due: its queue time, or the time of its step's next attempt (docs/retries.md). */
const dueAt = sql`case when retry_at is not null and retry_at > queued_at then retry_at else queued_at end`;

export async function claimPlainRuns(db: Db, request: ClaimRequest): Promise<PlainClaim | undefined> {
  const line = storedRunText(runMessage('runStartedOnNode', { node: request.nodeId }));
  const { rows } = await sql<{
    blocked: boolean;
    id: string | null;
    job_instance_no: string;
    owner_kind: ClaimedRun['owner_kind'];
    company_code: string;
    legacy_id: string;
    kind: ClaimedRun['kind'];
    trigger_id: string | null;
    scheduled_at: number | null;
    parent_run_id: string | null;
    requested_by: string | null;
    attempt: number;
    started_at: number;
    next_due_in: number | null;
  }>`with clock as materialized (
      select (extract(epoch from clock_timestamp()) * 1000)::bigint as now
    ), candidate as (
      select id, cancel_requested_by, attempt, kind, company_code, legacy_id from job_runs c
      where state = 'QUEUED' and owner_kind = ${request.ownerKind}
        and queued_at <= (select now from clock)
        and (retry_at is null or retry_at <= (select now from clock) or cancel_requested_by is not null)
        and not ${heldByOverlap('postgres', 'c')}
      order by queued_at limit ${request.limit}
      for update skip locked
    ), next_due as (
      select min(${dueAt}) - (select now from clock) as due_in from job_runs
      where state = 'QUEUED' and owner_kind = ${request.ownerKind} and ${dueAt} > (select now from clock)
    ), blocked as (
      select 1 from candidate c
      where c.cancel_requested_by is not null or c.attempt <> 0
        or (c.kind = 'scheduled' and ${request.ownerKind} = 'job' and exists (
          select 1 from job_configs j where j.company_code = c.company_code and j.legacy_id = c.legacy_id
            and translate(j.legacy_criteria, '| ', '') <> ''))
      union all
      (select 1 from job_runs where state = 'WAITING' and owner_kind = ${request.ownerKind} limit 1)
    ), started as (
      update job_runs r set state = 'RUNNING', lease_owner = ${request.nodeId},
        lease_until = clock.now + ${request.leaseMs}::bigint, attempt = r.attempt + 1,
        started_at = clock.now, wait_until = null
      from candidate, clock
      where r.id = candidate.id and r.state = 'QUEUED' and not exists (select 1 from blocked)
      returning r.id, r.job_instance_no, r.owner_kind, r.company_code, r.legacy_id, r.kind, r.trigger_id,
        r.scheduled_at, r.parent_run_id, r.requested_by, r.attempt, r.started_at, r.queued_at
    ), logged as (
      insert into system_log (sid, company_code, job_instance_no, log_type, message, message_key,
        message_params, msg_source, created_at)
      select ${sidOfRunColumns('s')},
        substr(s.company_code, 1, 32), substr(s.job_instance_no, 1, 160), 'INFO', ${line.message},
        ${line.message_key}, ${line.message_params}, 'worker', s.started_at
      from started s order by s.queued_at, s.id
    )
    select exists (select 1 from blocked) as blocked, (select due_in from next_due) as next_due_in, s.*
    from (select 1) as one left join started s on true
    order by s.queued_at, s.id`.execute(db.kysely);
  if (rows[0]?.blocked) return undefined;
  const nextDueIn = rows[0]?.next_due_in;
  const claimed: ClaimedRun[] = [];
  for (const row of rows)
    if (row.id !== null)
      claimed.push({
        id: row.id,
        job_instance_no: row.job_instance_no,
        owner_kind: row.owner_kind,
        company_code: row.company_code,
        legacy_id: row.legacy_id,
        kind: row.kind,
        trigger_id: row.trigger_id,
        scheduled_at: row.scheduled_at === null ? null : Number(row.scheduled_at),
        parent_run_id: row.parent_run_id,
        requested_by: row.requested_by,
        lease_owner: request.nodeId,
        attempt: row.attempt,
        started_at: Number(row.started_at),
      });
  return { runs: claimed, nextDueInMs: nextDueIn == null ? undefined : Number(nextDueIn) };
}

/**
 * The oldest runs of the kind in `state`, locked for the claim (PostgreSQL: `FOR UPDATE SKIP
 * LOCKED`). QUEUED runs only once due: a run fired ahead is queued from its scheduled time. A run
 * held by its job's overlap policy (another run of the job RUNNING or older, run-overlap.repository.ts)
 * is no candidate: it stays in the queue without keeping other jobs' runs out of the claim.
 */
export function claimCandidates(
  scope: WriteScope,
  dialect: DialectName,
  ownerKind: TriggerOwnerKind,
  state: 'QUEUED' | 'WAITING',
  limit: number,
  now: number,
) {
  return scope
    .selectFrom('job_runs')
    .selectAll()
    .where('state', '=', state)
    .where('owner_kind', '=', ownerKind)
    .$if(state === 'QUEUED', (query) =>
      query
        .where('queued_at', '<=', now)
        // A run waiting for a step's retry is due at retry_at; asked to stop, at once (docs/retries.md).
        .where((eb) =>
          eb.or([
            eb('retry_at', 'is', null),
            eb('retry_at', '<=', now),
            eb('cancel_requested_by', 'is not', null),
          ]),
        ),
    )
    .where(({ not }) => not(heldByOverlap(dialect, 'job_runs')))
    .orderBy('queued_at')
    .limit(limit)
    .$if(dialect === 'postgres', (query) => query.forUpdate().skipLocked())
    .execute();
}

/** The earliest QUEUED run of the kind not yet due (fired ahead), or undefined. */
export async function nextDueQueuedAt(
  scope: WriteScope,
  ownerKind: TriggerOwnerKind,
  now: number,
): Promise<number | undefined> {
  const row = await scope
    .selectFrom('job_runs')
    .select(sql<number | null>`min(${dueAt})`.as('due'))
    .where('state', '=', 'QUEUED')
    .where('owner_kind', '=', ownerKind)
    .where(sql<boolean>`${dueAt} > ${now}`)
    .executeTakeFirst();
  return row?.due == null ? undefined : Number(row.due);
}

/** The `legacy_criteria` of the candidates' jobs, in one query (a job that is gone has none). */
export async function predecessorCriteria(
  scope: WriteScope,
  runs: readonly RunRow[],
): Promise<Map<string, string>> {
  if (runs.length === 0) return new Map();
  const jobs = new Map(runs.map((run) => [jobKey(run), [run.company_code, run.legacy_id] as const]));
  const rows = await scope
    .selectFrom('job_configs')
    .select(['company_code', 'legacy_id', 'legacy_criteria'])
    .where((eb) =>
      eb(
        eb.refTuple('company_code', 'legacy_id'),
        'in',
        [...jobs.values()].map(([company, id]) => eb.tuple(company, id)),
      ),
    )
    .execute();
  return new Map(rows.map((row) => [jobKey(row), row.legacy_criteria]));
}

/**
 * The runs (claimed again, attempt > 1) that are back in the queue because a node's lease expired
 * (run-recovery's "lease of node … expired" line), as opposed to a step re-run (run-step's "step N
 * re-run requested by …") or a graceful hand-back at shutdown: only those are "taken over" (issue 17);
 * the others are "resumed". The latest of those lines of the run decides.
 */
export async function afterLeaseExpiry(scope: WriteScope, runs: readonly RunRow[]): Promise<Set<string>> {
  if (runs.length === 0) return new Set();
  const lines = await scope
    .selectFrom('system_log')
    .select(['company_code', 'job_instance_no', 'message', 'seq'])
    .where(
      'job_instance_no',
      'in',
      runs.map((run) => run.job_instance_no.slice(0, 160)),
    )
    .where('msg_source', '=', 'worker')
    .where((eb) =>
      eb.or([
        eb('message', 'like', 'lease of node % expired%'),
        eb('message', 'like', 'step % re-run requested by %'),
        eb('message', 'like', 'run handed back by node %'),
      ]),
    )
    .orderBy('seq')
    .execute();
  const latest = new Map<string, string>();
  for (const line of lines) latest.set(`${line.company_code}|${line.job_instance_no}`, line.message);
  return new Set(
    runs
      .filter((run) =>
        latest
          .get(`${run.company_code.slice(0, 32)}|${run.job_instance_no.slice(0, 160)}`)
          ?.startsWith('lease of node '),
      )
      .map((run) => run.id),
  );
}

/**
 * RUNNING with this node's lease, for the `ids` read in `state`: one update, each row still matched
 * by that state, `attempt = attempt + 1` — the fence is the attempt it answers. `started_at` is set
 * unless the run has one (a step re-run keeps its Job Start).
 */
export function startRunRows(
  scope: WriteScope,
  ids: readonly string[],
  state: 'QUEUED' | 'WAITING',
  now: number,
  request: Pick<ClaimRequest, 'nodeId' | 'leaseMs'>,
) {
  return scope
    .updateTable('job_runs')
    .set((eb) => ({
      state: 'RUNNING',
      lease_owner: request.nodeId,
      lease_until: now + request.leaseMs,
      attempt: eb('attempt', '+', 1),
      // A step re-run keeps the run's Job Start (issue 31); a new or requeued run has none.
      started_at: eb.fn.coalesce('started_at', eb.val(now)),
      wait_until: null,
    }))
    .where('id', 'in', ids)
    .where('state', '=', state)
    .returning(['id', 'attempt'])
    .execute();
}

/** A QUEUED run waits for its predecessors until `waitUntil`. */
export async function markWaiting(
  scope: WriteScope,
  runId: string,
  waitUntil: number,
  message: RunText,
): Promise<void> {
  await scope
    .updateTable('job_runs')
    .set({
      state: 'WAITING',
      wait_until: waitUntil,
      ...storedRunText(message),
    })
    .where('id', '=', runId)
    .where('state', '=', 'QUEUED')
    .execute();
}

/**
 * A QUEUED or WAITING run that will never run: ERROR now, or STOPPED when an operator's Stop asked it
 * (issue 31); the state compare is its fence.
 */
export async function endUnstarted(
  scope: WriteScope,
  run: Pick<RunRow, 'id' | 'state'>,
  message: RunText,
  now: number,
  endState: 'ERROR' | 'STOPPED' = 'ERROR',
): Promise<void> {
  await scope
    .updateTable('job_runs')
    .set({ state: endState, ...storedRunText(message), finished_at: now, wait_until: null })
    .where('id', '=', run.id)
    .where('state', '=', run.state)
    .execute();
}
