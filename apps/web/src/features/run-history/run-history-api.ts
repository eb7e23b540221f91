import { DEFAULT_SID } from '@lis/contracts';
import { call } from '../../platform/api/endpoint-client';

export interface HistoryJob {
  companyCode: string;
  legacyId: string;
}

export const runHistoryKeys = {
  job: (job: HistoryJob) => ['job-run-history', job.companyCode, job.legacyId] as const,
};

/** `GET /v1/legacy/job-run-history`: the job's last 50 runs, newest first. */
export function fetchJobRunHistory(job: HistoryJob, signal?: AbortSignal) {
  return call('GET /v1/legacy/job-run-history', {
    query: { sid: DEFAULT_SID, company_code: job.companyCode, legacy_id: job.legacyId },
    signal,
  });
}

/** A duration as `1 h 02 m 03 s`, `2 m 05 s` or `4 s` (under a second: `< 1 s`). */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '-';
  if (ms < 1000) return '< 1 s';
  const seconds = Math.floor(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h} h ${two(m)} m ${two(s)} s`;
  if (m > 0) return `${m} m ${two(s)} s`;
  return `${s} s`;
}
