import { Readable } from 'node:stream';
import type { DmsFileListResponse, DmsFileRow, DmsSettingsResponse } from '@lis/contracts';
import { RemoteCallError, type DmsClient } from '../../adapters/dms/index.js';
import type { PeerClients } from '../../adapters/peer-clients.js';
import {
  JobSetupError,
  type DmsTargetServer,
  type JobConfigRow,
  type PipelineJobSource,
} from '../../engine/pipeline/pipeline-job.js';
import type { FileDownload, JobRef } from '../files/files.service.js';
import type { ZipItem } from '../files/file-zip.js';
import { findJob } from '../files/job-folders.js';
import type { JobConfigRepository } from '../job-config/job-config.repository.js';
import type { DmsFilesRepository } from './dms-files.repository.js';
import { notFound, conflict, peerFailed, DomainError } from '../../platform/domain-error.js';

/** Spec 000 §3: a DMS `file_size` is kilobytes as text. */
const dmsSizeBytes = (fileSize: string) => {
  const kilobytes = Number(fileSize);
  return Number.isFinite(kilobytes) && kilobytes > 0 ? Math.round(kilobytes * 1024) : 0;
};

/** The DMS of a job, opened on the server (DESIGN §6: its URL and token never come from a request). */
interface JobDms {
  config: JobConfigRow;
  server: DmsTargetServer;
  client: DmsClient;
}

/** A failed DMS call: 404 when the DMS has no such file (`notFound`), else 502 naming the URL, never the token. */
function dmsError(error: unknown, server: string, missing?: () => DomainError): DomainError {
  if (error instanceof DomainError) return error;
  if (missing && error instanceof RemoteCallError && error.code === 'NOT_FOUND') return missing();
  const reason = error instanceof Error ? error.message.slice(0, 200) : String(error);
  return peerFailed('DMS_SERVER_FAILED', 'dmsRemoteFailed', { server, reason }, { cause: error });
}

/**
 * The DMS files of a job's runs (spec 000 §2 "DMS file list", §3 "DMS file", §7): the DMS server is the
 * job's, the buckets are those the run delivered to (the job's `dms_bucket`, and for DMS_DYN_WAIT the
 * buckets the function chose, read from the file ledger). A file is served only when the DMS says it
 * belongs to a run of this job and to one of that run's buckets.
 */
export class DmsFilesService {
  constructor(
    private readonly jobs: JobConfigRepository,
    private readonly repo: DmsFilesRepository,
    private readonly loader: PipelineJobSource,
    private readonly peers: Pick<PeerClients, 'dms'>,
  ) {}

  private async jobDms(job: JobRef): Promise<JobDms> {
    const config = await findJob(this.jobs, job.companyCode, job.legacyId);
    const missing = () => notFound('DMS_NOT_CONFIGURED', 'dmsNotConfigured', { legacyId: job.legacyId });
    if (!config.dms_serverid) throw missing();
    let server: DmsTargetServer | undefined;
    try {
      // Only the DMS server is opened: the job's sFTP and API servers are not this call's business.
      ({ dms: server } = await this.loader.load({
        ...config,
        sftp_source_server_id: null,
        sftp_return_server_id: null,
        api_serverid: null,
      }));
    } catch (error) {
      if (error instanceof JobSetupError)
        throw conflict('JOB_SETUP_INVALID', 'textAsGiven', { text: error.message });
      throw error;
    }
    if (!server?.url) throw missing();
    return { config, server, client: this.peers.dms({ baseUrl: server.url, token: server.token }) };
  }

  /** The buckets a run of the job delivered to, or 404 when the job has no such run. */
  private async runBuckets(dms: JobDms, jobInstanceNo: string): Promise<string[]> {
    const { config, server } = dms;
    const runId = await this.repo.runId(config.company_code, config.legacy_id, jobInstanceNo);
    if (!runId)
      throw notFound('RUN_NOT_FOUND', 'dmsRunNotFound', { legacyId: config.legacy_id, jobInstanceNo });
    const prefix = `dms:${server.serverId}:`;
    const buckets = new Set<string>();
    if (config.dms_bucket) buckets.add(config.dms_bucket);
    for (const destination of await this.repo.deliveredTo(runId, prefix)) {
      const bucket = destination.slice(prefix.length).split('/')[0];
      if (bucket) buckets.add(bucket);
    }
    return [...buckets].sort();
  }

  private async bucketRows(
    dms: JobDms,
    buckets: readonly string[],
    jobInstanceNo: string,
  ): Promise<DmsFileRow[]> {
    const rows: DmsFileRow[] = [];
    for (const name of buckets) {
      try {
        const files = await dms.client.listFiles(name, jobInstanceNo);
        for (const file of files)
          rows.push({
            id: file.id,
            file_name: file.file_name,
            created_on: file.created_on,
            file_size: file.file_size,
            bucket: name,
          });
      } catch (error) {
        throw dmsError(error, dms.server.serverId);
      }
    }
    return rows;
  }

  /**
   * The run's DMS files as zip items under `dms/{bucket}/` (the run's history zip, decision 0029); none
   * when the job has no DMS or the run none. Each file is fetched when the archive reaches it, and
   * only if the DMS still says it is of this run and bucket.
   */
  async zipItems(job: JobRef, jobInstanceNo: string): Promise<ZipItem[]> {
    const config = await findJob(this.jobs, job.companyCode, job.legacyId);
    if (!config.dms_serverid) return [];
    let dms: JobDms;
    let buckets: string[];
    try {
      dms = await this.jobDms(job);
      buckets = await this.runBuckets(dms, jobInstanceNo);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'not_found') return [];
      throw error;
    }
    const rows = await this.bucketRows(dms, buckets, jobInstanceNo);
    return rows.map((row) => ({
      segments: ['dms', row.bucket, row.file_name],
      size: dmsSizeBytes(row.file_size),
      sizeIsEstimate: true,
      mtime: Number.isNaN(Date.parse(row.created_on)) ? new Date() : new Date(row.created_on),
      open: async (signal) => {
        const stored = await dms.client.getFile(row.id, signal);
        if (stored.bucket !== row.bucket || stored.job_instance_no !== jobInstanceNo)
          throw notFound('DMS_FILE_NOT_FOUND', 'dmsFileNotFound', { id: row.id });
        return Readable.from([stored.content]);
      },
    }));
  }

  /** The run's DMS files, newest first; `bucket` keeps only that one of the run's buckets. */
  async list(job: JobRef, jobInstanceNo: string, bucket: string | undefined): Promise<DmsFileListResponse> {
    const dms = await this.jobDms(job);
    let buckets = await this.runBuckets(dms, jobInstanceNo);
    if (bucket) {
      if (!buckets.includes(bucket))
        throw notFound('DMS_BUCKET_NOT_OF_RUN', 'dmsBucketNotOfRun', { jobInstanceNo, bucket });
      buckets = [bucket];
    }
    const rows = await this.bucketRows(dms, buckets, jobInstanceNo);
    rows.sort((a, b) => (a.created_on < b.created_on ? 1 : a.created_on > b.created_on ? -1 : 0));
    return { result_list: rows, total_count: rows.length };
  }

  /** One DMS file of one of the job's runs; any other file (another job's, another company's) is 404. */
  async file(job: JobRef, id: string): Promise<FileDownload> {
    const dms = await this.jobDms(job);
    const fileNotFound = () => notFound('DMS_FILE_NOT_FOUND', 'dmsFileNotFound', { id });
    let stored;
    try {
      stored = await dms.client.getFile(id);
    } catch (error) {
      throw dmsError(error, dms.server.serverId, fileNotFound);
    }
    let buckets: string[];
    try {
      buckets = await this.runBuckets(dms, stored.job_instance_no);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'not_found') throw fileNotFound();
      throw error;
    }
    if (!buckets.includes(stored.bucket)) throw fileNotFound();
    return {
      fileName: stored.file_name,
      contentType: 'application/octet-stream',
      size: stored.content.length,
      stream: Readable.from([stored.content]),
    };
  }

  /**
   * Spec 000 §7 `GET /v1/config/url-file`: the job's DMS URL and bucket; no rows when the job has no
   * DMS server. The token is never part of it (`has_token` only).
   */
  async settings(job: JobRef): Promise<DmsSettingsResponse> {
    const config = await findJob(this.jobs, job.companyCode, job.legacyId);
    if (!config.dms_serverid) return { result_list: [], total_count: 0 };
    const server = await this.repo.dmsServer(config.company_code, config.dms_serverid);
    if (!server) return { result_list: [], total_count: 0 };
    return {
      result_list: [
        {
          dms_url: server.dms_url,
          dms_bucket: config.dms_bucket ?? '',
          has_token: server.dms_token_enc !== null && server.dms_token_enc !== '',
        },
      ],
      total_count: 1,
    };
  }
}
