import type { ChainJobExportQuery, ChainJobQuery, ChainJobWrite } from '@lis/contracts';
import { downloadFile } from '../../platform/api/download';
import { call } from '../../platform/api/endpoint-client';
import { resourceKeys } from '../../ui/resource/resource-keys';

/** The search panel's fields (spec 001 §3 "Search filter"), as typed. */
export interface ChainJobSearch {
  companyCode: string;
  chainJobId: string;
  chainJobName: string;
}

export const EMPTY_CHAIN_JOB_SEARCH: ChainJobSearch = { companyCode: '', chainJobId: '', chainJobName: '' };

/** The most chains the template list and the most jobs the Legacy ID list offer (one unpaged page). */
export const LOOKUP_MAX = 1000;

const chainJobKeysBase = resourceKeys<[search: ChainJobSearch, page: number, pageSize: number]>('chain-jobs');

export const chainJobKeys = {
  ...chainJobKeysBase,
  templates: () => [...chainJobKeysBase.all, 'templates'] as const,
};

function filterQuery(search: ChainJobSearch): ChainJobExportQuery {
  return {
    companyCode: search.companyCode || undefined,
    chainJobId: search.chainJobId.trim() || undefined,
    chainJobName: search.chainJobName.trim() || undefined,
  };
}

/** GET /v1/chainjob/list: a page of the chains matching `search`, with the total. */
export function fetchChainJobs(search: ChainJobSearch, page: number, pageSize: number, signal?: AbortSignal) {
  const query: ChainJobQuery = { ...filterQuery(search), page, page_size: pageSize };
  return call('GET /v1/chainjob/list', { query, signal });
}

/** Every chain I administer (up to 1000), for Create From Template. */
export function fetchChainTemplates(signal?: AbortSignal) {
  return call('GET /v1/chainjob/get', { query: { page_size: LOOKUP_MAX }, signal });
}

export function saveChainJob(mode: 'add' | 'edit', body: ChainJobWrite) {
  return mode === 'add'
    ? call('POST /v1/chainjob/insert', { body })
    : call('PUT /v1/chainjob/update', { body });
}

export function deleteChainJob(companyCode: string, chainId: string) {
  return call('DELETE /v1/chainjob/delete', { query: { companyCode, chainJobId: chainId } });
}

/**
 * GET /v1/chainjob/export: the ChainJobConfig workbook. A binary answer, so a download rather than a
 * `call` (which reads text); the token goes in the Authorization header, never in the URL.
 */
export function downloadChainJobExport(search: ChainJobSearch): Promise<{ blob: Blob; fileName: string }> {
  return downloadFile('GET /v1/chainjob/export', {
    query: filterQuery(search),
    fallbackName: `ChainJobConfig_${Date.now()}.xlsx`,
  });
}
