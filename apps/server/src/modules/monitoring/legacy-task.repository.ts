import { sql, type Kysely } from 'kysely';
import type { Database, RunState } from '../../db/schema.js';
import { containsIgnoreCase } from '../../db/text-match.js';
import {
  reportRow,
  stepPivotColumns,
  type ReportRecord,
  type StoredReportRow,
} from './legacy-report.repository.js';

export interface LegacyTaskFilter {
  /** null: every company. */
  codes: string[] | null;
  states: RunState[];
  jobInstanceNo?: string | undefined;
  legacyId?: string | undefined;
  legacyName?: string | undefined;
  /** Start window, epoch ms: from inclusive, before exclusive. */
  startedFrom?: number | undefined;
  startedBefore?: number | undefined;
}

/**
 * The task list (spec 000 §2 "Legacy Status / Task"): job runs, newest start first (queued time for
 * runs that have not started), a page at a time; then the page's rows with their job and steps.
 */
export async function legacyTasks(
  db: Kysely<Database>,
  filter: LegacyTaskFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: StoredReportRow[]; total: number }> {
  if (filter.codes !== null && filter.codes.length === 0) return { rows: [], total: 0 };
  let query = db
    .selectFrom('job_runs as r')
    .leftJoin('job_configs as j', (join) =>
      join.onRef('j.company_code', '=', 'r.company_code').onRef('j.legacy_id', '=', 'r.legacy_id'),
    )
    .where('r.owner_kind', '=', 'job');
  if (filter.codes !== null) query = query.where('r.company_code', 'in', filter.codes);
  if (filter.states.length > 0) query = query.where('r.state', 'in', filter.states);
  if (filter.jobInstanceNo?.trim())
    query = query.where(containsIgnoreCase('r.job_instance_no', filter.jobInstanceNo.trim()));
  if (filter.legacyId?.trim()) query = query.where(containsIgnoreCase('r.legacy_id', filter.legacyId.trim()));
  if (filter.legacyName?.trim())
    query = query.where(containsIgnoreCase('j.legacy_name', filter.legacyName.trim()));
  if (filter.startedFrom !== undefined) query = query.where('r.started_at', '>=', filter.startedFrom);
  if (filter.startedBefore !== undefined) query = query.where('r.started_at', '<', filter.startedBefore);

  const counted = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const ids = (
    await query
      .select('r.id')
      .orderBy(sql`coalesce(r.started_at, r.queued_at)`, 'desc')
      .orderBy('r.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute()
  ).map((row) => row.id);
  if (ids.length === 0) return { rows: [], total };

  const idList = sql.join(ids.map((id) => sql`${id}`));
  const result = await sql<ReportRecord & { task_id: string }>`
    with steps as (
      select st.run_id, ${stepPivotColumns()}
      from run_steps st
      where st.run_id in (${idList})
      group by st.run_id
    )
    select j.sid, r.company_code, r.legacy_id, j.legacy_name, j.legacy_type, j.is_active, j.has_suspend,
      j.important_job, r.job_instance_no, r.state, r.started_at, r.finished_at, r.message,
      r.message_key, r.message_params,
      r.send_email_status, null as next_fire_at, r.id as task_id, s.*
    from job_runs r
    left join job_configs j on j.company_code = r.company_code and j.legacy_id = r.legacy_id
    left join steps s on s.run_id = r.id
    where r.id in (${idList})
  `.execute(db);
  const byId = new Map(result.rows.map((row) => [String(row.task_id), reportRow(row)]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total };
}
