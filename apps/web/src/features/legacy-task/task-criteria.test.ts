import { describe, expect, it } from 'vitest';
import { EMPTY_TASK_CRITERIA, parseTaskCriteria, taskExportQuery, taskQuery } from './task-criteria';

describe('task criteria', () => {
  it('keeps what is still valid of a saved search and drops the rest', () => {
    expect(parseTaskCriteria(null)).toEqual(EMPTY_TASK_CRITERIA);
    expect(
      parseTaskCriteria({
        legacyId: 'INV',
        companyCode: 42,
        statuses: ['ERROR', 'BOGUS', 'FINISHED'],
        startFrom: '2026-11-01',
        startTo: '20261120',
      }),
    ).toEqual({
      ...EMPTY_TASK_CRITERIA,
      legacyId: 'INV',
      statuses: ['FINISHED', 'ERROR'],
      startTo: '20261120',
    });
  });

  it('sends dates as yyyymmdd000000, trims text and leaves out what is empty', () => {
    const query = taskQuery(
      { ...EMPTY_TASK_CRITERIA, legacyId: '  INV ', companyCode: ' ', startFrom: '20261101' },
      2,
      50,
    );
    expect(query).toEqual({
      sid: '555',
      company_code: undefined,
      status: undefined,
      page: 2,
      page_size: 50,
      job_instance_no: undefined,
      legacy_id: 'INV',
      legacy_name: undefined,
      job_started_on_from: '20261101000000',
      job_started_on_to: undefined,
    });
    expect(taskExportQuery({ startFrom: '20261101', startTo: '20261102' })).toEqual({
      sid: '555',
      job_started_on_from: '20261101000000',
      job_started_on_to: '20261102000000',
    });
  });
});
