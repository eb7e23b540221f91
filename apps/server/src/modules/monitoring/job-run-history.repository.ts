import type { JobRunHistoryRow } from '@lis/contracts';
import type { Db } from '../../db/database.js';
import type { WithStoredMessage } from '../../i18n/run-message.js';

const iso = (at: number | string | null | undefined) =>
  at === null || at === undefined ? '' : new Date(Number(at)).toISOString();

export type StoredRunHistoryRow = JobRunHistoryRow & WithStoredMessage;

/** The lists whose files count as a run's files in and out. */
const FILES_IN = ['source'] as const;
const FILES_OUT = ['return_success', 'return_error'] as const;

/**
 * A job's last runs, newest queued first (the `job_runs_job_idx` seek), with their files counted from
 * the ledger (`run_files_unique_idx`, by run), and how many runs the job has in all. `null`: no such job.
 */
export async function jobRunHistory(
  db: Db,
  job: { companyCode: string; legacyId: string },
  limit: number,
  now: number,
): Promise<{ rows: StoredRunHistoryRow[]; total: number } | null> {
  const base = db.kysely
    .selectFrom('job_runs')
    .where('owner_kind', '=', 'job')
    .where('company_code', '=', job.companyCode)
    .where('legacy_id', '=', job.legacyId);
  const [counted, config] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
    db.kysely
      .selectFrom('job_configs')
      .select('legacy_id')
      .where('company_code', '=', job.companyCode)
      .where('legacy_id', '=', job.legacyId)
      .executeTakeFirst(),
  ]);
  const total = Number(counted?.n ?? 0);
  if (!config && total === 0) return null;
  const runs = await base
    .select([
      'id',
      'job_instance_no',
      'kind',
      'state',
      'queued_at',
      'started_at',
      'finished_at',
      'requested_by',
      'message',
      'message_key',
      'message_params',
    ])
    .orderBy('queued_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const counts = new Map<string, { in: number; out: number }>();
  if (runs.length > 0) {
    const files = await db.kysely
      .selectFrom('run_files')
      .select(['run_id', 'list_type', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where(
        'run_id',
        'in',
        runs.map((run) => run.id),
      )
      .where('list_type', 'in', [...FILES_IN, ...FILES_OUT])
      .groupBy(['run_id', 'list_type'])
      .execute();
    for (const file of files) {
      const count = counts.get(file.run_id) ?? { in: 0, out: 0 };
      if ((FILES_IN as readonly string[]).includes(file.list_type)) count.in += Number(file.n);
      else count.out += Number(file.n);
      counts.set(file.run_id, count);
    }
  }
  const rows = runs.map((run): StoredRunHistoryRow => {
    const started = run.started_at === null ? null : Number(run.started_at);
    const ended = run.finished_at === null ? null : Number(run.finished_at);
    const count = counts.get(run.id) ?? { in: 0, out: 0 };
    return {
      job_instanceno: run.job_instance_no,
      status: run.state,
      queued_on: iso(run.queued_at),
      job_started_on: iso(run.started_at),
      job_finished_on: iso(run.finished_at),
      duration_ms: started === null ? null : Math.max(0, (ended ?? now) - started),
      files_in: count.in,
      files_out: count.out,
      started_how: run.requested_by
        ? run.kind === 'chain_member'
          ? 'chain'
          : 'user'
        : run.kind === 'chain_member'
          ? 'chain'
          : 'trigger',
      started_by: run.requested_by ?? '',
      message: run.message ?? '',
      storedMessage: {
        message: run.message,
        message_key: run.message_key ?? null,
        message_params: run.message_params ?? null,
      },
    };
  });
  return { rows, total };
}
