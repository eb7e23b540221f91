import type { Kysely } from 'kysely';
import { bumpJobListVersion } from '../../db/job-list-version.js';
import type { Database, TriggerState } from '../../db/schema.js';
import { requestCancel } from '../../engine/runs/run-cancel.repository.js';

export interface QuartzTriggerRow {
  id: string;
  owner_kind: 'job' | 'chain';
  company_code: string;
  owner_id: string;
  expression: string;
  state: TriggerState;
  next_fire_at: number | null;
  prev_fire_at: number | null;
  paused_by: string | null;
  /** The trigger's calendar (issue 34): its company (`*` shared) and name; both null without one. */
  calendar_company: string | null;
  calendar_name: string | null;
  /** Its business-day rule in text form (`nth=3`, `shift=next`); null without one. */
  calendar_rule: string | null;
  sid: string | null;
  legacy_name: string | null;
  /** The job's `has_suspend` (null for a chain). */
  has_suspend: 'Y' | 'N' | null;
  /** The job's or chain's `is_active`. */
  is_active: 'Y' | 'N' | null;
}

/** The SQL of the job-control and Quartz Monitor routes (and nothing else). */
export class SchedulingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A job's run (not a chain's) by its instance number, as a step re-run needs it. */
  runByInstance(companyCode: string, legacyId: string, jobInstanceNo: string) {
    return this.db
      .selectFrom('job_runs')
      .select(['id', 'state', 'kind', 'owner_kind', 'company_code', 'legacy_id', 'job_instance_no'])
      .where('company_code', '=', companyCode)
      .where('legacy_id', '=', legacyId)
      .where('job_instance_no', '=', jobInstanceNo)
      .where('owner_kind', '=', 'job')
      .executeTakeFirst();
  }

  /** The recorded status of each step of a run. */
  async stepStatuses(runId: string): Promise<Map<number, string>> {
    const rows = await this.db
      .selectFrom('run_steps')
      .select(['step', 'status'])
      .where('run_id', '=', runId)
      .execute();
    return new Map(rows.map((row) => [row.step, row.status]));
  }

  findJob(companyCode: string, legacyId: string) {
    return this.db
      .selectFrom('job_configs')
      .select(['company_code', 'legacy_id', 'sid', 'legacy_name', 'legacy_type', 'is_active', 'has_suspend'])
      .where('company_code', '=', companyCode)
      .where('legacy_id', '=', legacyId)
      .executeTakeFirst();
  }

  /** Clears `has_suspend`; false when the job was not suspended (or is gone). */
  async clearSuspend(companyCode: string, legacyId: string, by: string, at: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('job_configs')
        .set({ has_suspend: 'N', updated_at: at, updated_by: by })
        .where('company_code', '=', companyCode)
        .where('legacy_id', '=', legacyId)
        .where('has_suspend', '=', 'Y')
        .executeTakeFirst();
      const cleared = Number(result.numUpdatedRows) > 0;
      if (cleared) await bumpJobListVersion(trx, at);
      return cleared;
    });
  }

  findRun(companyCode: string, legacyId: string, jobInstanceNo: string) {
    return this.db
      .selectFrom('job_runs')
      .select(['id', 'job_instance_no', 'state', 'cancel_requested_by'])
      .where('company_code', '=', companyCode)
      .where('legacy_id', '=', legacyId)
      .where('job_instance_no', '=', jobInstanceNo)
      .executeTakeFirst();
  }

  /** Asks the run to stop, only while it has not ended; false when it ended meanwhile. */
  requestCancel(runId: string, by: string): Promise<boolean> {
    return requestCancel(this.db, runId, by);
  }

  async jobIdsOf(companyCode: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('job_configs')
      .select('legacy_id')
      .where('company_code', '=', companyCode)
      .orderBy('legacy_id')
      .execute();
    return rows.map((r) => r.legacy_id);
  }

  async chainIdsOf(companyCode: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('chain_jobs')
      .select('chain_id')
      .where('company_code', '=', companyCode)
      .orderBy('chain_id')
      .execute();
    return rows.map((r) => r.chain_id);
  }

  /** Owners that only have triggers left (their configuration was deleted): a sync removes them. */
  async triggerOwnersOf(companyCode: string) {
    return this.db
      .selectFrom('triggers')
      .select(['owner_kind', 'owner_id'])
      .distinct()
      .where('company_code', '=', companyCode)
      .execute();
  }

  findTrigger(id: string) {
    return this.db.selectFrom('triggers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** WAITING triggers of an owner whose next fire is not after `now` (they would misfire at once). */
  staleTriggersOf(kind: 'job' | 'chain', companyCode: string, ownerId: string, now: number) {
    return this.db
      .selectFrom('triggers')
      .select(['id', 'expression', 'time_zone', 'calendar_company', 'calendar_name', 'calendar_rule'])
      .where('owner_kind', '=', kind)
      .where('company_code', '=', companyCode)
      .where('owner_id', '=', ownerId)
      .where('state', '=', 'WAITING')
      .where('next_fire_at', '<=', now)
      .execute();
  }

  /** Moves a trigger, only when it is still in `fromState`; false when it changed meanwhile. */
  async moveTrigger(
    id: string,
    fromState: TriggerState,
    change: {
      state: TriggerState;
      next_fire_at?: number | null;
      paused_by: string | null;
      updated_at: number;
    },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('triggers')
      .set(change)
      .where('id', '=', id)
      .where('state', '=', fromState)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Every trigger of the companies (`null`: all), with the name of its job or chain. */
  async quartzRows(companies: readonly string[] | null): Promise<QuartzTriggerRow[]> {
    if (companies && companies.length === 0) return [];
    let query = this.db
      .selectFrom('triggers as t')
      .leftJoin('job_configs as j', (join) =>
        join
          .onRef('j.company_code', '=', 't.company_code')
          .onRef('j.legacy_id', '=', 't.owner_id')
          .on('t.owner_kind', '=', 'job'),
      )
      .leftJoin('chain_jobs as c', (join) =>
        join
          .onRef('c.company_code', '=', 't.company_code')
          .onRef('c.chain_id', '=', 't.owner_id')
          .on('t.owner_kind', '=', 'chain'),
      )
      .select([
        't.id',
        't.owner_kind',
        't.company_code',
        't.owner_id',
        't.expression',
        't.state',
        't.next_fire_at',
        't.prev_fire_at',
        't.paused_by',
        't.calendar_company',
        't.calendar_name',
        't.calendar_rule',
        (eb) => eb.fn.coalesce('j.sid', 'c.sid').as('sid'),
        (eb) => eb.fn.coalesce('j.legacy_name', 'c.chain_name').as('legacy_name'),
        'j.has_suspend',
        (eb) => eb.fn.coalesce('j.is_active', 'c.is_active').as('is_active'),
      ]);
    if (companies) query = query.where('t.company_code', 'in', [...companies]);
    const rows = await query
      .orderBy('t.company_code')
      .orderBy('t.owner_kind', 'desc')
      .orderBy('t.owner_id')
      .orderBy('t.position')
      .execute();
    return rows as QuartzTriggerRow[];
  }
}
