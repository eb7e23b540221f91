import { describe, expect, it } from 'vitest';
import type { ApplicationLogQuery } from '@lis/contracts';
import { SystemLogRepository } from '../../engine/system-log/system-log.repository.js';
import { runMessage } from '../../i18n/run-message.js';
import { expectRefusal, useServiceHarness, type ServiceHarness } from '../../test-support/service-harness.js';
import { DATABASE_KINDS } from '../../test-support/test-database.js';

/** 2026-01-16 00:30 and 2026-01-15 23:59 in Bangkok (UTC+7): two sides of a day's start. */
const AFTER_MIDNIGHT = Date.UTC(2026, 0, 15, 17, 30);
const BEFORE_MIDNIGHT = Date.UTC(2026, 0, 15, 16, 59);

async function seed(h: ServiceHarness): Promise<void> {
  const line = (companyCode: string, jobInstanceNo: string, createdAt: number) => ({
    sid: '555',
    companyCode,
    jobInstanceNo,
    logType: 'INFO',
    message: runMessage('runRequestedBy', { user: 'root' }),
    msgSource: 'job-control',
    createdAt,
  });
  await new SystemLogRepository(h.db.kysely).appendMany([
    line('A', 'JOB-A_20260115235900', BEFORE_MIDNIGHT),
    line('A', 'JOB-A_20260116003000', AFTER_MIDNIGHT),
    line('B', 'JOB-B_20260116003000', AFTER_MIDNIGHT),
  ]);
  // The pipeline's step 4 writes these (run-files.repository.ts); one row per document.
  const doc = (company_code: string, transaction_date: string, source_id1: string) => ({
    run_id: `run-${company_code}`,
    company_code,
    legacy_id: 'JOB',
    job_instance_no: `JOB_${transaction_date}`,
    transaction_id: `T-${source_id1}`,
    transaction_date,
    source_id1,
    source_id2: '',
    source_id3: '',
    doc_type: 'INV',
    doc_year: '2026',
    item_no: '1',
    doc_date: transaction_date,
    post_date: transaction_date,
    status: 'S' as const,
    message: 'posted',
    metadata: '{}',
    source_file: 'in.csv',
    created_at: AFTER_MIDNIGHT,
  });
  await h.db.kysely
    .insertInto('application_log')
    .values([
      doc('A', '20260114', 'Customer-Alpha'),
      doc('A', '20260116', 'customer-beta'),
      doc('A', '20260117', 'Customer-Gamma'),
      doc('B', '20260116', 'Customer-Beta-B'),
    ])
    .execute();
}

describe.each(DATABASE_KINDS)('LogsService on %s', (kind) => {
  const h = useServiceHarness(kind, seed);
  const system = (companies: string[] | null, from: string, to: string, job_instanceno?: string) =>
    h.services.logs.systemLog(companies, {
      job_started_on_from: from,
      job_started_on_to: to,
      ...(job_instanceno ? { job_instanceno } : {}),
    });
  const application = (companies: string[] | null, query: Partial<ApplicationLogQuery> = {}) =>
    h.services.logs.applicationLog(companies, {
      legacy_id: 'JOB',
      transaction_date_from: '20260115',
      transaction_date_to: '20260117',
      ...query,
    });

  it('System Log: a day is a day in LIS_TIMEZONE, shown as dd-mm-yyyy there, newest first', async () => {
    const day = await system(['A'], '20260116000000', '20260116000000');
    expect(day.result_list.map((r) => [r.job_instanceno, r.created_on])).toEqual([
      ['JOB-A_20260116003000', '16-01-2026 00:30:00'],
    ]);
    expect(day.result_list[0]).toMatchObject({
      message: 'Run requested by root',
      created_at: '2026-01-15T17:30:00.000Z',
    });
    const both = await system(['A'], '20260115', '20260116');
    expect(both.result_list.map((r) => r.job_instanceno)).toEqual([
      'JOB-A_20260116003000',
      'JOB-A_20260115235900',
    ]);
    expect((await system(['A'], '20260115', '20260116', '235900')).total_count).toBe(1);
  });

  it("System Log: only the caller's companies", async () => {
    const companies = async (scope: string[] | null) =>
      (await system(scope, '20260115', '20260116')).result_list.map((r) => r.companycode).sort();
    expect(await companies(['B'])).toEqual(['B']);
    expect(await companies(null)).toEqual(['A', 'A', 'B']);
    expect(await companies([])).toEqual([]);
  });

  it('System Log: refuses a date that does not exist and a window that ends before it starts', async () => {
    await expectRefusal(system(['A'], '20260230', ''), {
      kind: 'invalid',
      key: 'logDateInvalid',
      params: { field: 'job_started_on_from' },
    });
    await expectRefusal(system(['A'], '20260117', '20260116'), {
      kind: 'invalid',
      key: 'logDateRangeReversed',
    });
  });

  it('Application Log: the dates are inclusive, source ids match any part ignoring case, per company', async () => {
    const ids = async (companies: string[] | null, query: Partial<ApplicationLogQuery> = {}) =>
      (await application(companies, query)).result_list.map((r) => r.source_id1).sort();
    expect(await ids(['A'])).toEqual(['Customer-Gamma', 'customer-beta']);
    expect(await ids(['A'], { source_id1: 'BETA' })).toEqual(['customer-beta']);
    expect(await ids(null, { source_id1: 'beta' })).toEqual(['Customer-Beta-B', 'customer-beta']);
    expect(await ids(['B'], { transaction_date_from: '20260101' })).toEqual(['Customer-Beta-B']);
    expect(await ids(['A'], { legacy_id: 'OTHER' })).toEqual([]);
  });

  it('Application Log: refuses a date that does not exist and reversed dates', async () => {
    await expectRefusal(application(['A'], { transaction_date_to: '20260231' }), {
      kind: 'invalid',
      key: 'logTransactionDateInvalid',
      params: { field: 'transaction_date_to' },
    });
    await expectRefusal(application(['A'], { transaction_date_from: '20260118' }), {
      kind: 'invalid',
      key: 'logDateRangeReversed',
    });
  });
});
