import type { QuartzRow } from '@lis/contracts';
import { describe, expect, it } from 'vitest';
import {
  companyOfGroup,
  EMPTY_QUARTZ_FILTERS,
  filterQuartzRows,
  onDate,
  triggerAction,
  type QuartzFilters,
} from './quartz-filter';

function row(overrides: Partial<QuartzRow>): QuartzRow {
  return {
    legacy_name: 'Invoice Import',
    jobGroup: '555|C1',
    jobName: 'INV001',
    previous_fire: '20-11-2026 10:15:00',
    next_fire: '21-11-2026 10:15:00',
    is_completed: false,
    trigger_id: 'job|C1|INV001|0',
    owner_kind: 'job',
    expression: '0 15 10 * * ?',
    state: 'WAITING',
    paused_by: null,
    ...overrides,
  };
}

const rows = [
  row({}),
  row({
    legacy_name: 'Payroll Export',
    jobGroup: '555|HR2',
    jobName: 'PAY-7',
    previous_fire: '',
    next_fire: '01-12-2026 00:00:00',
    trigger_id: 'job|HR2|PAY-7|0',
  }),
  row({ legacy_name: 'Old job', jobName: 'OLD', next_fire: '', is_completed: true, state: 'COMPLETE' }),
];

const names = (filters: Partial<QuartzFilters>) =>
  filterQuartzRows(rows, { ...EMPTY_QUARTZ_FILTERS, ...filters }).map((r) => r.jobName);

describe('Quartz Monitor filters', () => {
  it('keeps every row without filters', () => {
    expect(names({})).toEqual(['INV001', 'PAY-7', 'OLD']);
  });

  it('matches part of the legacy name, company code and legacy id, ignoring case and spaces around', () => {
    expect(names({ legacyName: 'pay' })).toEqual(['PAY-7']);
    expect(names({ legacyName: '  IMPORT ' })).toEqual(['INV001']);
    expect(names({ companyCode: 'hr' })).toEqual(['PAY-7']);
    expect(names({ companyCode: 'c1' })).toEqual(['INV001', 'OLD']);
    expect(names({ legacyId: 'inv0' })).toEqual(['INV001']);
    expect(names({ legacyName: 'job', legacyId: 'pay' })).toEqual([]);
  });

  it('reads the company code after the | of jobGroup, not the sid', () => {
    expect(companyOfGroup('555|C1')).toBe('C1');
    expect(companyOfGroup('C9')).toBe('C9');
    expect(names({ companyCode: '555' })).toEqual([]);
  });

  it('matches the date part of last and next fire against dd/mm/yyyy', () => {
    expect(onDate('20-11-2026 10:15:00', '20/11/2026')).toBe(true);
    expect(onDate('20-11-2026 10:15:00', '21/11/2026')).toBe(false);
    expect(onDate('', '20/11/2026')).toBe(false);
    expect(onDate('', '')).toBe(true);
    expect(names({ lastFire: '20/11/2026' })).toEqual(['INV001', 'OLD']);
    expect(names({ nextFire: '01/12/2026' })).toEqual(['PAY-7']);
    expect(names({ lastFire: '20/11/2026', nextFire: '21/11/2026' })).toEqual(['INV001']);
  });

  it('offers stop for a waiting trigger, resume for a paused one, nothing otherwise', () => {
    expect(triggerAction(row({ state: 'WAITING' }))).toBe('pause');
    expect(triggerAction(row({ state: 'PAUSED' }))).toBe('resume');
    expect(triggerAction(row({ state: 'COMPLETE' }))).toBeUndefined();
    expect(triggerAction(row({ state: 'ERROR' }))).toBeUndefined();
  });
});
