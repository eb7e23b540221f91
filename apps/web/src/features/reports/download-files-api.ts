import { DEFAULT_SID, type BackupTextType, type LegacyReportRow } from '@lis/contracts';
import { call } from '../../platform/api/endpoint-client';
import { downloadFile } from '../../platform/api/download';

/** Spec 000 §2, §9: the Download Report search fetches up to 1000 runs. */
export const DOWNLOAD_SEARCH_MAX = 1000;

export interface DownloadSearch {
  companyCode: string;
  legacyId: string;
  /** yyyymmdd000000 */
  jobStartFrom: string;
  jobStartTo: string;
}

/**
 * The runs of the searched job (the task list's legacy ID filter matches any part, so only the job of
 * exactly that ID is kept: a download is for one job).
 */
export async function fetchRunsForDownload(search: DownloadSearch, signal?: AbortSignal) {
  const reply = await call('GET /v1/legacy/task', {
    query: {
      sid: DEFAULT_SID,
      company_code: search.companyCode,
      legacy_id: search.legacyId,
      job_started_on_from: search.jobStartFrom,
      job_started_on_to: search.jobStartTo,
      page: 1,
      page_size: DOWNLOAD_SEARCH_MAX,
    },
    signal,
  });
  const wanted = search.legacyId.toLowerCase();
  const rows = reply.result_list.filter((row) => row.legacyid.toLowerCase() === wanted);
  return { rows, total: reply.total_count };
}

/** `{legacyid}_{type}.txt`: the chosen runs' source backups or function answers, joined (decision 0014). */
export function downloadBackupText(runs: readonly LegacyReportRow[], type: BackupTextType) {
  const [first] = runs;
  if (!first) throw new Error('no run chosen');
  return downloadFile('POST /v1/lis-server/get-backup-file-with-instanceids', {
    body: {
      sid: DEFAULT_SID,
      company_code: first.companycode,
      legacy_id: first.legacyid,
      lis_type: type,
      job_instance_no_list: runs.map((run) => run.job_instanceno),
    },
    fallbackName: `${first.legacyid}_${type}.txt`,
  });
}

/** The detail screen of a run (spec 000 §2), opened in a new tab. */
export function monitorDetailPath(row: LegacyReportRow): string {
  const query = new URLSearchParams({
    company_code: row.companycode,
    legacy_id: row.legacyid,
    job_no: row.job_instanceno,
    legacytype: row.legacytype,
  });
  return `legacydetail?${query.toString()}`;
}
