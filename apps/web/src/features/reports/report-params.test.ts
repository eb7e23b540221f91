import { describe, expect, it } from 'vitest';
import { companiesOf, dailyReportParams, reportDate, shownDate } from './report-params';

const params = (query: string) => new URLSearchParams(query);

describe('Daily Report address', () => {
  it('takes yyyymmdd and dd/mm/yyyy, refusing days that do not exist', () => {
    expect(reportDate('20261121')).toBe('20261121');
    expect(reportDate('21/11/2026')).toBe('20261121');
    expect(reportDate('1/2/2026')).toBe('20260201');
    expect(reportDate('29/02/2024')).toBe('20240229');
    expect(reportDate('29/02/2026')).toBeUndefined();
    expect(reportDate('20261131')).toBeUndefined();
    expect(reportDate('2026-11-21')).toBeUndefined();
    expect(reportDate('11/21/2026')).toBeUndefined();
    expect(reportDate('')).toBeUndefined();
  });

  it('reads one or many company codes, repeated or comma-separated', () => {
    expect(companiesOf(params(''))).toEqual([]);
    expect(companiesOf(params('companycode=A'))).toEqual(['A']);
    expect(companiesOf(params('companycode=A,B&companycode=C&companycode=A&companycode='))).toEqual([
      'A',
      'B',
      'C',
    ]);
  });

  it('needs both dates', () => {
    expect(dailyReportParams(params('date_from=20261121'))).toEqual({ ok: false, missing: true });
    expect(dailyReportParams(params('date_to=20261121&date_from=%20'))).toEqual({ ok: false, missing: true });
    expect(dailyReportParams(params('date_from=20261121&date_to=31/11/2026'))).toEqual({
      ok: false,
      missing: false,
      name: 'date_to',
      value: '31/11/2026',
    });
    expect(dailyReportParams(params('companycode=A&date_from=01/11/2026&date_to=20261121&sid=555'))).toEqual({
      ok: true,
      companies: ['A'],
      dateFrom: '20261101',
      dateTo: '20261121',
    });
    expect(shownDate('20261121')).toBe('21-11-2026');
  });
});
