import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmptyDatabase, DATABASE_KINDS, type TestDatabase } from '../../test-support/test-database.js';
import * as m0001 from './0001-foundation.js';
import * as m0002 from './0002-scheduler.js';
import * as m0003 from './0003-server-config.js';
import * as m0004 from './0004-job-config.js';
import * as m0005 from './0005-pipeline.js';
import * as m0006 from './0006-report-indexes.js';
import * as m0007 from './0007-mail-outcome.js';

describe.each(DATABASE_KINDS)('migration 0007 on %s', (kind) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.drop();
    test = undefined;
  });

  it('keeps the newest mail of a run and condition linked to the run, then allows only one', async () => {
    test = await createEmptyDatabase(kind);
    const db = test.db.kysely as unknown as Kysely<unknown>;
    const context = { dialect: test.db.dialect };
    for (const migration of [m0001, m0002, m0003, m0004, m0005, m0006]) await migration.up(db, context);
    // Release 0.1.0 queued a second mail when the e-mail step ran again after the first was sent.
    const mail = (runId: string | null, condition: string, status: string) => ({
      run_id: runId,
      company_code: 'A',
      legacy_id: 'JOB1',
      job_instance_no: 'JOB1_1',
      condition,
      mail_to: 'ops@example.test',
      subject: `${condition} ${status}`,
      body_html: '<p>x</p>',
      status,
      attempts: 1,
      created_at: 1,
    });
    await test.db.kysely
      .insertInto('mail_outbox')
      .values([
        mail('run-1', 'FINISHED', 'SENT'),
        mail('run-1', 'FINISHED', 'FAILED'),
        mail('run-1', 'FINISHED', 'SENT'),
        mail('run-1', 'ERROR', 'SENT'),
        mail(null, 'FINISHED', 'KEPT'),
      ] as never)
      .execute();
    await m0007.up(db);
    const rows = await test.db.kysely
      .selectFrom('mail_outbox')
      .select(['seq', 'run_id', 'condition', 'message_id'])
      .orderBy('seq')
      .execute();
    expect(rows.map((row) => [row.seq, row.run_id, row.condition])).toEqual([
      [1, null, 'FINISHED'],
      [2, null, 'FINISHED'],
      [3, 'run-1', 'FINISHED'],
      [4, 'run-1', 'ERROR'],
      [5, null, 'FINISHED'],
    ]);
    expect(rows.every((row) => row.message_id === null)).toBe(true);
    await expect(
      test.db.kysely
        .insertInto('mail_outbox')
        .values(mail('run-1', 'ERROR', 'PENDING') as never)
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
    // Mails without a run are not limited.
    await test.db.kysely
      .insertInto('mail_outbox')
      .values(mail(null, 'FINISHED', 'KEPT') as never)
      .execute();
  });
});
