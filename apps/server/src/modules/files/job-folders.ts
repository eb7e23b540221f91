import type { LiveFileList } from '@lis/contracts';
import { normaliseRemoteRoot, SftpError } from '../../adapters/sftp/index.js';
import {
  JobSetupError,
  type JobConfigRow,
  type PipelineJobSource,
} from '../../engine/pipeline/pipeline-job.js';
import { returnFolder } from '../../engine/pipeline/transfer/sftp-delivery.js';
import type { JobConfigRepository } from '../job-config/job-config.repository.js';
import type { LiveFolder } from './remote-files.js';
import { notFound, conflict } from '../../platform/domain-error.js';

/** The job of a company, or 404 (a job of another company is not found either). */
export async function findJob(
  jobs: Pick<JobConfigRepository, 'get'>,
  companyCode: string,
  legacyId: string,
): Promise<JobConfigRow> {
  const job = await jobs.get(companyCode, legacyId);
  if (!job) throw notFound('JOB_NOT_FOUND', 'jobNotFound', { legacyId, company: companyCode });
  return job;
}

function absolute(folder: string | null | undefined): string | undefined {
  const value = (folder ?? '').trim();
  if (!value.startsWith('/')) return undefined;
  try {
    return normaliseRemoteRoot(value);
  } catch (error) {
    if (error instanceof SftpError) return undefined;
    throw error;
  }
}

/**
 * The folders of a live list: the source folder on the source server, or the return success and
 * error folders on the return server (the same ones step 3 delivers to). Only the server needed is
 * opened; a job without one: 404 with the reason.
 */
export async function liveFolders(
  loader: PipelineJobSource,
  config: JobConfigRow,
  kind: LiveFileList,
): Promise<LiveFolder[]> {
  const source = kind === 'sftp_source_server';
  const only: JobConfigRow = {
    ...config,
    api_serverid: null,
    dms_serverid: null,
    sftp_source_server_id: source ? config.sftp_source_server_id : null,
    sftp_return_server_id: source ? null : config.sftp_return_server_id,
  };
  const params = { legacyId: config.legacy_id };
  const missing = () =>
    source
      ? notFound('SOURCE_FOLDER_NOT_SET', 'fileNoSourceFolder', params)
      : notFound('RETURN_FOLDER_NOT_SET', 'fileNoReturnFolder', params);
  let job;
  try {
    job = await loader.load(only);
  } catch (error) {
    if (error instanceof JobSetupError)
      throw conflict('JOB_SETUP_INVALID', 'textAsGiven', { text: error.message });
    throw error;
  }
  if (source) {
    const path = absolute(config.sftp_source_path);
    if (!job.source || !path) throw missing();
    return [{ label: 'source', target: job.source, path }];
  }
  const target = job.destination;
  if (!target || !absolute(config.sftp_return_path)) throw missing();
  const folders: LiveFolder[] = [];
  for (const label of ['success', 'error'] as const) {
    let path: string | undefined;
    try {
      path = absolute(returnFolder(config, label));
    } catch (error) {
      if (!(error instanceof SftpError)) throw error;
    }
    if (path && !folders.some((folder) => folder.path === path)) folders.push({ label, target, path });
  }
  if (folders.length === 0) throw missing();
  return folders;
}
