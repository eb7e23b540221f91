import { DEFAULT_SID, type JobConfigListQuery, type JobConfigWrite } from '@lis/contracts';
import { call } from '../../platform/api/endpoint-client';
import { resourceKeys } from '../../ui/resource/resource-keys';

/** The search fields of the Pull Job Config screen (spec 001 §2), as typed. */
export interface PullJobSearch {
  sid: string;
  company_code: string;
  legacy_id: string;
  legacy_name: string;
  api_class_name: string;
  api_function_name: string;
}

export const EMPTY_PULL_JOB_SEARCH: PullJobSearch = {
  sid: DEFAULT_SID,
  company_code: '',
  legacy_id: '',
  legacy_name: '',
  api_class_name: '',
  api_function_name: '',
};

/** The most templates the Create From Template list offers (one unpaged page). */
export const TEMPLATE_LIST_MAX = 1000;

const pullJobKeysBase = resourceKeys<[search: PullJobSearch, page: number, pageSize: number]>('pull-jobs');

export const pullJobKeys = {
  ...pullJobKeysBase,
  templates: () => [...pullJobKeysBase.all, 'templates'] as const,
  log: () => [...pullJobKeysBase.all, 'log'] as const,
};

function listQuery(search: PullJobSearch, page: number, pageSize: number): JobConfigListQuery {
  const trimmed = (value: string) => value.trim() || undefined;
  return {
    sid: trimmed(search.sid),
    company_code: trimmed(search.company_code),
    legacy_id: trimmed(search.legacy_id),
    legacy_name: trimmed(search.legacy_name),
    api_class_name: trimmed(search.api_class_name),
    api_function_name: trimmed(search.api_function_name),
    legacy_type: 'PULL_WAIT',
    page,
    page_size: pageSize,
  };
}

/** GET /v1/config/job-config with legacy_type=PULL_WAIT: a page of the pull jobs matching `search`. */
export function fetchPullJobs(search: PullJobSearch, page: number, pageSize: number, signal?: AbortSignal) {
  return call('GET /v1/config/job-config', { query: { ...listQuery(search, page, pageSize) }, signal });
}

/** Spec 001 §4: a pull job template is an existing PULL_WAIT job config (of any of my companies). */
export function fetchPullJobTemplates(signal?: AbortSignal) {
  return fetchPullJobs(EMPTY_PULL_JOB_SEARCH, 1, TEMPLATE_LIST_MAX, signal);
}

/** GET /v1/config/job-config/get: the whole job (404 when it is gone). */
export function fetchPullJob(companyCode: string, legacyId: string) {
  return call('GET /v1/config/job-config/get', {
    query: {
      sid: DEFAULT_SID,
      company_code: companyCode,
      legacy_id: legacyId,
    },
  });
}

/** POST …/add or PUT …/update; the server reloads the job's triggers itself. */
export function savePullJob(mode: 'add' | 'edit', body: JobConfigWrite) {
  return mode === 'add'
    ? call('POST /v1/config/job-config/add', { body })
    : call('PUT /v1/config/job-config/update', { body });
}

export function deletePullJob(companyCode: string, legacyId: string) {
  return call('DELETE /v1/config/job-config', {
    query: {
      sid: DEFAULT_SID,
      company_code: companyCode,
      legacyid: legacyId,
    },
  });
}

/** GET /v1/config/pull-job-log: the last pull of each pull job of the companies I administer. */
export function fetchPullJobLog(signal?: AbortSignal) {
  return call('GET /v1/config/pull-job-log', { query: { sid: DEFAULT_SID }, signal });
}
