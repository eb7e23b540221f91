import { DEFAULT_SID, type JobConfigWrite } from '@lis/contracts';
import { downloadExport } from '../../platform/api/download';
import { call } from '../../platform/api/endpoint-client';
import { resourceKeys } from '../../ui/resource/resource-keys';

/** The search panel's criteria; an empty string means "any". */
export interface JobConfigFilters {
  company_code: string;
  legacy_id: string;
  legacy_name: string;
  api_class_name: string;
  api_function_name: string;
}

export const EMPTY_FILTERS: JobConfigFilters = {
  company_code: '',
  legacy_id: '',
  legacy_name: '',
  api_class_name: '',
  api_function_name: '',
};

/** Every job of a company (or of all mine) fits one page of the pickers. */
export const PICKER_PAGE_SIZE = 1000;

const jobConfigKeysBase =
  resourceKeys<[filters: JobConfigFilters, page: number, pageSize: number]>('job-configs');

export const jobConfigKeys = {
  ...jobConfigKeysBase,
  picker: (company: string) => [...jobConfigKeysBase.lists(), 'picker', company] as const,
};

/** GET /v1/config/job-config: a page of the jobs matching `filters` (PULL_WAIT jobs are not listed). */
export function fetchJobConfigs(
  filters: JobConfigFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) {
  return call('GET /v1/config/job-config', {
    query: { sid: DEFAULT_SID, ...filters, page, page_size: pageSize },
    signal,
  });
}

/** GET /v1/config/job-config/get: one whole job. */
export function fetchJobConfig(company: string, legacyId: string) {
  return call('GET /v1/config/job-config/get', {
    query: {
      sid: DEFAULT_SID,
      company_code: company,
      legacy_id: legacyId,
    },
  });
}

/** POST …/add (add) or PUT …/update (edit); the server reloads the job's triggers itself. */
export function saveJobConfig(mode: 'add' | 'edit', body: JobConfigWrite) {
  return mode === 'add'
    ? call('POST /v1/config/job-config/add', { body })
    : call('PUT /v1/config/job-config/update', { body });
}

export function deleteJobConfig(company: string, legacyId: string) {
  return call('DELETE /v1/config/job-config', {
    query: {
      sid: DEFAULT_SID,
      company_code: company,
      legacyid: legacyId,
    },
  });
}

/**
 * GET /v1/config/export?format=xlsx with the filters: the workbook, or null when the server answers
 * 204 or an empty body. A binary answer, so a download rather than a `call` (which reads text).
 */
export async function exportJobConfigs(
  filters: JobConfigFilters,
): Promise<{ blob: Blob; fileName: string } | null> {
  const file = await downloadExport('GET /v1/config/export', {
    query: { sid: DEFAULT_SID, ...filters, format: 'xlsx' },
    fallbackName: `MasterJobConfig_${Date.now()}.xlsx`,
  });
  return file && file.blob.size > 0 ? file : null;
}
