import { ACTION_PASSWORD_HEADER, DEFAULT_SID, type LegacyReportRow, type RunStepQuery } from '@lis/contracts';
import { call } from '../../platform/api/endpoint-client';

export const legacyReportKeys = {
  all: ['legacy-report'] as const,
  list: () => [...legacyReportKeys.all, 'list'] as const,
};

/**
 * One row per job of the caller's companies (the server limits them) with its latest run; `companyCodes`
 * narrows it to some of them (the wall display's `?company_code=`).
 */
export function fetchLegacyReport(signal?: AbortSignal, companyCodes: readonly string[] = []) {
  return call('GET /v1/legacy/report', {
    query: { sid: DEFAULT_SID, company_code: [...companyCodes] },
    signal,
  });
}

/** `undefined`: the job is not important and no password header is sent. */
const passwordHeaders = (password: string | undefined) =>
  password === undefined ? undefined : { [ACTION_PASSWORD_HEADER]: password };

export function runImmediately(row: LegacyReportRow, password?: string) {
  return call('GET /v1/lis-server/run-immediate', {
    query: {
      sid: DEFAULT_SID,
      company_code: row.companycode,
      legacy_id: row.legacyid,
      legacy_type: row.legacytype,
    },
    headers: passwordHeaders(password),
  });
}

export function resumeJob(row: LegacyReportRow) {
  return call('GET /v1/job/resume', {
    query: {
      sid: DEFAULT_SID,
      company_code: row.companycode,
      legacy_id: row.legacyid,
    },
  });
}

export function cancelRun(row: LegacyReportRow) {
  return call('POST /v1/lis-server/cancel', {
    query: {
      sid: DEFAULT_SID,
      company_code: row.companycode,
      legacy_id: row.legacyid,
      job_instance_no: row.job_instanceno,
    },
  });
}

/** Steps 2, 3, 4 (and 5 from the detail screen, spec 000 §4). */
export function runStep(row: LegacyReportRow, step: RunStepQuery['step'], password?: string) {
  return call('GET /v1/lis-server/run-step', {
    query: {
      sid: DEFAULT_SID,
      company_code: row.companycode,
      legacy_type: row.legacytype,
      legacy_id: row.legacyid,
      job_instance_no: row.job_instanceno,
      step,
    },
    headers: passwordHeaders(password),
  });
}

/** The detail screen in a new tab (spec 000 §2), without the menus (`_blank`). */
export function detailPath(row: LegacyReportRow): string {
  const params = new URLSearchParams({
    company_code: row.companycode,
    legacy_id: row.legacyid,
    job_no: row.job_instanceno,
    legacytype: row.legacytype,
    _blank: 'true',
  });
  return `legacydetail?${params.toString()}`;
}
