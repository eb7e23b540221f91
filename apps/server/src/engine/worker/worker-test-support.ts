import crypto from 'node:crypto';
import { SelectQueryNode, TableNode, type KyselyPlugin, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import { bumpJobListVersion } from '../../db/job-list-version.js';
import type { JobRunTable, OverlapPolicy } from '../../db/schema.js';
import { eventually } from '../../test-support/eventually.js';
import type { ClaimedRun, RunOutcome } from '../runs/run.js';
import type { JobHandler, JobHandlerContext } from './job-handler.js';

export interface HandlerCall {
  runId: string;
  legacyId: string;
  node: string;
  attempt: number;
  /** Set when the handler saw its AbortSignal fire. */
  aborted: boolean;
}

/**
 * A real handler for tests: records every call, can hold runs until released (or aborted — it
 * honours the AbortSignal), and answers a per-job outcome (FINISHED by default).
 */
export class RecordingHandler implements JobHandler {
  readonly calls: HandlerCall[] = [];
  /** Runs of these jobs (or all, with '*') wait for release() or their signal. */
  readonly blocking = new Set<string>();
  readonly outcomes = new Map<string, RunOutcome>();
  private readonly releases = new Map<string, () => void>();

  async run(run: ClaimedRun, context: JobHandlerContext): Promise<RunOutcome> {
    const call: HandlerCall = {
      runId: run.id,
      legacyId: run.legacy_id,
      node: run.lease_owner,
      attempt: run.attempt,
      aborted: false,
    };
    this.calls.push(call);
    if (this.blocking.has('*') || this.blocking.has(run.legacy_id)) {
      await new Promise<void>((resolve, reject) => {
        this.releases.set(run.id, resolve);
        const onAbort = () => {
          call.aborted = true;
          reject(context.signal.reason instanceof Error ? context.signal.reason : new Error('aborted'));
        };
        if (context.signal.aborted) onAbort();
        context.signal.addEventListener('abort', onAbort, { once: true });
      });
    }
    return this.outcomes.get(run.legacy_id) ?? { status: 'FINISHED', message: 'done' };
  }

  release(runId: string): void {
    this.releases.get(runId)?.();
  }

  callsOf(runId: string): HandlerCall[] {
    return this.calls.filter((call) => call.runId === runId);
  }
}

export type RunRow = Selectable<JobRunTable>;

/**
 * `db`, counting the queries that read `table`: what a test waits on to know a worker has made a pass
 * (a pass that changes nothing leaves nothing else to see).
 */
export function countingReads(db: Db, table: string): { db: Db; reads: () => number } {
  let reads = 0;
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      const froms = SelectQueryNode.is(node) ? (node.from?.froms ?? []) : [];
      if (froms.some((from) => TableNode.is(from) && from.table.identifier.name === table)) reads += 1;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: { ...db, kysely: db.kysely.withPlugin(plugin) }, reads: () => reads };
}

/** Inserts a QUEUED manual job run (override anything); answers its row. */
export async function insertRun(db: Db, overrides: Partial<JobRunTable> = {}): Promise<RunRow> {
  const now = await databaseNow(db.kysely, db.dialect);
  const id = crypto.randomUUID();
  const row: RunRow = {
    id,
    job_instance_no: `JOB1_${id}`,
    owner_kind: 'job',
    company_code: 'C1',
    legacy_id: 'JOB1',
    kind: 'manual',
    trigger_id: null,
    scheduled_at: null,
    parent_run_id: null,
    state: 'QUEUED',
    queued_at: now,
    started_at: null,
    finished_at: null,
    wait_until: null,
    lease_owner: null,
    lease_until: null,
    attempt: 0,
    requested_by: 'tester',
    cancel_requested_by: null,
    message: null,
    message_key: null,
    message_params: null,
    send_email_status: null,
    retry_step: null,
    retry_attempt: null,
    retry_max: null,
    retry_at: null,
    retry_cancelled_by: null,
    ...overrides,
  };
  await db.kysely.insertInto('job_runs').values(row).execute();
  return row;
}

export async function readRun(db: Db, id: string): Promise<RunRow> {
  return db.kysely.selectFrom('job_runs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Waits until the run is in one of `states`; answers the row. */
export function runReaches(
  db: Db,
  id: string,
  states: readonly string[],
  timeoutMs = 10_000,
): Promise<RunRow> {
  return eventually(
    async () => {
      const run = await readRun(db, id);
      return states.includes(run.state) ? run : undefined;
    },
    { timeout: timeoutMs, message: `run ${id} to reach ${states.join(' or ')}` },
  );
}

export async function systemLogOf(db: Db, jobInstanceNo: string): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('system_log')
    .select('message')
    .where('job_instance_no', '=', jobInstanceNo)
    .orderBy('seq')
    .execute();
  return rows.map((row) => row.message);
}

/** A job configuration with the columns the worker reads (predecessors, overlap policy). */
export async function insertJobConfig(
  db: Db,
  legacyId: string,
  legacyCriteria = '',
  overlapPolicy: OverlapPolicy = 'skip',
): Promise<void> {
  await db.kysely
    .insertInto('job_configs')
    .values({
      company_code: 'C1',
      legacy_id: legacyId,
      sid: 'S1',
      legacy_name: `Job ${legacyId}`,
      legacy_type: 'IN_WAIT',
      important_job: 'False',
      is_active: 'Y',
      has_suspend: 'N',
      stopif_step4_error: 'N',
      criteria_stopif_mainstatus_warning: 'Y',
      cron_trigger: '',
      legacy_criteria: legacyCriteria,
      overlap_policy: overlapPolicy,
      misfire_policy: 'fire_once_now',
      created_at: 0,
      updated_at: 0,
      updated_by: null,
    })
    .execute();
  await bumpJobListVersion(db.kysely, 0);
}

/** A chain whose members are the given legacy ids, in order. */
export async function insertChain(db: Db, chainId: string, memberIds: readonly string[]): Promise<void> {
  await db.kysely
    .insertInto('chain_jobs')
    .values({
      company_code: 'C1',
      chain_id: chainId,
      sid: 'S1',
      chain_name: `Chain ${chainId}`,
      legacy_list: memberIds.map((id) => `${id},Job ${id}`).join('|'),
      is_active: 'Y',
      cron_trigger: '',
      created_by: null,
      created_at: 0,
      updated_at: 0,
    })
    .execute();
}
