import {
  DEFAULT_SID,
  type JobConfig,
  type JobConfigListResponse,
  type JobConfigWrite,
  type MessageResponse,
} from '@lis/contracts';
import { api, apiUrl, ApiError } from '../../app/api/http';
import { storedLanguage } from '../../app/i18n/language';
import { readSession } from '../../app/session/session';

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

export const jobConfigKeys = {
  all: ['job-configs'] as const,
  lists: () => [...jobConfigKeys.all, 'list'] as const,
  list: (filters: JobConfigFilters, page: number, pageSize: number) =>
    [...jobConfigKeys.lists(), filters, page, pageSize] as const,
  picker: (company: string) => [...jobConfigKeys.lists(), 'picker', company] as const,
};

/** GET /v1/config/job-config: a page of the jobs matching `filters` (PULL_WAIT jobs are not listed). */
export function fetchJobConfigs(
  filters: JobConfigFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) {
  return api.get<JobConfigListResponse>(
    'v1/config/job-config',
    { sid: DEFAULT_SID, ...filters, page, page_size: pageSize },
    signal,
  );
}

/** GET /v1/config/job-config/get: one whole job. */
export function fetchJobConfig(company: string, legacyId: string) {
  return api.get<JobConfig>('v1/config/job-config/get', {
    sid: DEFAULT_SID,
    company_code: company,
    legacy_id: legacyId,
  });
}

/** POST …/add (add) or PUT …/update (edit); the server reloads the job's triggers itself. */
export function saveJobConfig(mode: 'add' | 'edit', body: JobConfigWrite) {
  return mode === 'add'
    ? api.post<MessageResponse>('v1/config/job-config/add', body)
    : api.put<MessageResponse>('v1/config/job-config/update', body);
}

export function deleteJobConfig(company: string, legacyId: string) {
  return api.delete<MessageResponse>('v1/config/job-config', {
    sid: DEFAULT_SID,
    company_code: company,
    legacyid: legacyId,
  });
}

/** `attachment; filename="MasterJobConfig_1.xlsx"` → the file name (a default when absent). */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * GET /v1/config/export?format=xlsx with the filters: the workbook, or null when the server answers
 * 204 or an empty body. A binary answer, so fetched here rather than through `api` (which reads text).
 */
export async function exportJobConfigs(
  filters: JobConfigFilters,
): Promise<{ blob: Blob; fileName: string } | null> {
  const headers: Record<string, string> = { 'Accept-Language': storedLanguage() };
  const session = readSession();
  if (session) headers.Authorization = `Bearer ${session.access_token}`;
  let response: Response;
  try {
    response = await fetch(apiUrl('v1/config/export', { sid: DEFAULT_SID, ...filters, format: 'xlsx' }), {
      headers,
    });
  } catch {
    throw new ApiError(0, 'network');
  }
  if (!response.ok) {
    const text = await response.text();
    let message = text || response.statusText;
    try {
      const data: unknown = JSON.parse(text);
      if (typeof data === 'object' && data && 'message' in data) message = String(data.message);
    } catch {
      // not JSON: keep the text
    }
    throw new ApiError(response.status, message);
  }
  if (response.status === 204) return null;
  const blob = await response.blob();
  if (blob.size === 0) return null;
  const fallback = `MasterJobConfig_${Date.now()}.xlsx`;
  return { blob, fileName: fileNameFromDisposition(response.headers.get('content-disposition'), fallback) };
}
