import { DEFAULT_SID } from '@lis/contracts';
import { call } from '../../platform/api/endpoint-client';

/** What the System Log screen searches for (dates already as yyyymmdd000000, '' for none). */
export interface SystemLogSearch {
  jobInstanceNo: string;
  jobStartFrom: string;
  jobStartTo: string;
}

export function fetchSystemLog(
  search: SystemLogSearch,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) {
  return call('GET /v1/system/log', {
    query: {
      sid: DEFAULT_SID,
      page,
      page_size: pageSize,
      job_instanceno: search.jobInstanceNo.trim(),
      job_started_on_from: search.jobStartFrom,
      job_started_on_to: search.jobStartTo,
    },
    signal,
  });
}

/** The Application Log search (dates as yyyymmdd; company '*' = all of the caller's). */
export interface ApplicationLogSearch {
  companyCode: string;
  legacyId: string;
  transactionDateFrom: string;
  transactionDateTo: string;
  sourceId1: string;
  sourceId2: string;
  sourceId3: string;
}

export function fetchApplicationLog(
  search: ApplicationLogSearch,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) {
  return call('GET /v1/application/log', {
    query: {
      sid: DEFAULT_SID,
      company_code: search.companyCode.trim(),
      page,
      page_size: pageSize,
      legacy_id: search.legacyId.trim(),
      transaction_date_from: search.transactionDateFrom,
      transaction_date_to: search.transactionDateTo,
      source_id1: search.sourceId1.trim(),
      source_id2: search.sourceId2.trim(),
      source_id3: search.sourceId3.trim(),
    },
    signal,
  });
}

export const logKeys = {
  system: (search: SystemLogSearch, page: number, size: number) =>
    ['system-log', search, page, size] as const,
  application: (search: ApplicationLogSearch | null, page: number, size: number) =>
    ['application-log', search, page, size] as const,
};
