import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMessage, storedRunText } from '../../i18n/run-message.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test-support/test-database.js';
import { buildChainJob, buildJobConfig } from '../scheduler/scheduler-test-support.js';
import { logRunEvent, logRunEvents, type LoggedRun, type RunEvent } from './run-log.repository.js';

/** The lines as stored, oldest first. */
async function lines(test: TestDatabase) {
  return test.db.kysely
    .selectFrom('system_log')
    .select([
      'sid',
      'company_code',
      'job_instance_no',
      'log_type',
      'message',
      'message_key',
      'message_params',
    ])
    .select(['msg_source', 'created_at'])
    .orderBy('seq')
    .execute();
}

describe.each(DATABASE_KINDS)('run log lines on %s', (kind) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await createTestDatabase(kind);
    const { kysely } = test.db;
    await kysely
      .insertInto('companies')
      .values({
        company_code: 'C1',
        sid: 'SID-COMPANY',
        company_name: 'One',
        status: 'active',
        created_at: 0,
        updated_at: 0,
      })
      .execute();
    await kysely
      .insertInto('job_configs')
      .values(buildJobConfig({ legacy_id: 'J1', sid: 'SID-JOB' }))
      .execute();
    await kysely
      .insertInto('chain_jobs')
      .values(buildChainJob({ chain_id: 'CH1', sid: 'SID-CHAIN' }))
      .execute();
  });
  afterEach(async () => {
    await test.drop();
  });

  const run = (owner_kind: LoggedRun['owner_kind'], company_code: string, legacy_id: string, no: string) => ({
    owner_kind,
    company_code,
    legacy_id,
    job_instance_no: no,
  });

  it('writes many lines in their order, each with the sid of its job, chain or company, as one line at a time would', async () => {
    const longCompany = 'K'.repeat(40);
    const longNo = `R-${'9'.repeat(200)}`;
    const events: RunEvent[] = [
      {
        run: run('job', 'C1', 'J1', 'R-1'),
        logType: 'INFO',
        message: runMessage('runStartedOnNode', { node: 'n1' }),
      },
      { run: run('chain', 'C1', 'CH1', 'R-2'), logType: 'WARNING', message: 'plain text, no key' },
      {
        run: run('job', 'C1', 'GONE', 'R-3'),
        logType: 'ERROR',
        message: runMessage('runStoppedBy', { user: "o'neil" }),
      },
      { run: run('job', longCompany, 'J1', longNo), logType: 'INFO', message: 'unknown company' },
      // Text that a statement's own quoting or JSON must not change.
      {
        run: run('job', 'C1', 'J1', 'R-5'),
        logType: 'INFO',
        message: 'quote " back\\slash \u0e44\u0e17\u0e22 \u{1f600}',
      },
    ];
    await logRunEvents(test.db.kysely, test.db.dialect, events, 1_795_000_000_123);
    const batched = await lines(test);

    await test.db.kysely.deleteFrom('system_log').execute();
    for (const event of events)
      await logRunEvent(test.db.kysely, event.run, event.logType, event.message, 1_795_000_000_123);
    const oneByOne = await lines(test);

    const normalise = (rows: typeof batched) =>
      rows.map((row) => ({ ...row, created_at: Number(row.created_at) }));
    expect(normalise(batched)).toEqual(normalise(oneByOne));
    expect(batched.map((row) => row.sid)).toEqual(['SID-JOB', 'SID-CHAIN', 'SID-COMPANY', '', 'SID-JOB']);
    expect(batched.map((row) => row.job_instance_no)).toEqual([
      'R-1',
      'R-2',
      'R-3',
      longNo.slice(0, 160),
      'R-5',
    ]);
    expect(batched[3]?.company_code).toBe('K'.repeat(32));
    expect(batched[0]).toMatchObject({
      log_type: 'INFO',
      msg_source: 'worker',
      ...storedRunText(runMessage('runStartedOnNode', { node: 'n1' })),
    });
    expect(batched[1]).toMatchObject({
      message: 'plain text, no key',
      message_key: null,
      message_params: null,
    });
    expect(batched[4]?.message).toBe('quote " back\\slash \u0e44\u0e17\u0e22 \u{1f600}');
    expect(batched.every((row) => Number(row.created_at) === 1_795_000_000_123)).toBe(true);
  });

  it('writes nothing for no events', async () => {
    await logRunEvents(test.db.kysely, test.db.dialect, [], 1);
    expect(await lines(test)).toEqual([]);
  });
});
