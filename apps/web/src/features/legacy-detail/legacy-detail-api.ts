import { DEFAULT_SID } from '@lis/contracts';
import { call } from '../../platform/api/endpoint-client';

/** The run a detail screen shows (its query parameters, spec 000 §2). */
export interface DetailParams {
  companyCode: string;
  legacyId: string;
  jobNo: string;
  /** From the main list; the run's own type wins when it is known. */
  legacyType: string;
}

export function detailParams(search: URLSearchParams): DetailParams | undefined {
  const companyCode = search.get('company_code') ?? '';
  const legacyId = search.get('legacy_id') ?? '';
  const jobNo = search.get('job_no') ?? '';
  if (!companyCode || !legacyId || !jobNo) return undefined;
  return { companyCode, legacyId, jobNo, legacyType: search.get('legacytype') ?? '' };
}

export const legacyDetailKeys = {
  all: ['legacy-detail'] as const,
  run: (params: DetailParams) => [...legacyDetailKeys.all, 'run', params] as const,
  logs: (params: DetailParams, page: number) => [...legacyDetailKeys.all, 'logs', params, page] as const,
};

/**
 * The run with its steps, from `GET /v1/legacy/task` (its text filters match parts, so the exact run is
 * picked here); undefined when the job has no such run.
 */
export async function fetchDetailRun(params: DetailParams, signal?: AbortSignal) {
  const answer = await call('GET /v1/legacy/task', {
    query: {
      sid: DEFAULT_SID,
      company_code: params.companyCode,
      legacy_id: params.legacyId,
      job_instance_no: params.jobNo,
      page: 1,
      page_size: 25,
    },
    signal,
  });
  return (
    answer.result_list.find(
      (row) =>
        row.companycode === params.companyCode &&
        row.legacyid === params.legacyId &&
        row.job_instanceno === params.jobNo,
    ) ?? null
  );
}

/** Spec 000 §9: the run's system log, 25 lines a page (`GET /v1/system/log` by job_instanceno). */
export const DETAIL_LOG_PAGE_SIZE = 25;
export function fetchDetailLogs(params: DetailParams, page: number, signal?: AbortSignal) {
  return call('GET /v1/system/log', {
    query: {
      sid: DEFAULT_SID,
      company_code: params.companyCode,
      job_instanceno: params.jobNo,
      page,
      page_size: DETAIL_LOG_PAGE_SIZE,
    },
    signal,
  });
}
