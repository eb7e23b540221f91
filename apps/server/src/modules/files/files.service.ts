import type { Readable } from 'node:stream';
import {
  FILE_LIST_MAX,
  FILE_NAME_MAX_BYTES,
  type FileEntry,
  type FileListKind,
  type FileListResponse,
  type LiveFileList,
} from '@lis/contracts';
import { SftpError } from '../../adapters/sftp/index.js';
import type { BlobStore } from '../../engine/files/blob-store.js';
import type { PipelineJobLoader } from '../server-config/pipeline-job-loader.js';
import type { BackupKind } from './backup-access.js';
import { BackupFiles, ledgerList, needsRun, type BackupScope } from './backup-files.js';
import type { BackupFilesRepository } from './backup-files.repository.js';
import type { JobConfigRepository } from '../job-config/job-config.repository.js';
import type { PeerClients } from '../../adapters/peer-clients.js';
import { isPlainFileName } from './file-name.js';
import { checkZipLimits, zipStream, type ZipItem } from './file-zip.js';
import { findJob, liveFolders } from './job-folders.js';
import {
  listLiveFiles,
  openRemote,
  pickLiveFile,
  remoteError,
  remoteReadStream,
  type LiveFile,
} from './remote-files.js';
import { invalid, notFound } from '../../platform/domain-error.js';

/** A file (or zip) ready to be streamed to the caller. */
export interface FileDownload {
  fileName: string;
  contentType: string;
  size?: number;
  stream: Readable;
}

/** Which job a call is about (the company is checked by the route policy). */
export interface JobRef {
  companyCode: string;
  legacyId: string;
}

export const isLiveList = (kind: FileListKind): kind is LiveFileList =>
  kind === 'sftp_source_server' || kind === 'sftp_return_server';

/** A name from a request, or 400 (SECURITY.md: names, never paths). */
export function checkName(name: string | undefined): string {
  if (name === undefined || name === '') throw invalid('FILE_NAME_REQUIRED', 'fileNameRequired');
  if (!isPlainFileName(name))
    throw invalid('FILE_NAME_INVALID', 'fileNameInvalid', { max: FILE_NAME_MAX_BYTES });
  return name;
}

function liveEntry(file: LiveFile): FileEntry {
  return {
    name: file.entry.name,
    file_path: file.filePath,
    last_modify: new Date(file.entry.mtimeMs).toISOString(),
    size: file.entry.size,
  };
}

/**
 * The file-list modal (spec 000 §2): the job's live sFTP folders and its runs' backups. Every file
 * is found by listing (remote folder or ledger) and matched by name; no path from a request is
 * ever joined or opened.
 */
export class FilesService {
  private readonly backups: BackupFiles;

  constructor(
    private readonly jobs: JobConfigRepository,
    backupFiles: BackupFilesRepository,
    private readonly loader: PipelineJobLoader,
    blobs: BlobStore,
    private readonly peers: Pick<PeerClients, 'sftp'>,
  ) {
    this.backups = new BackupFiles(backupFiles, blobs);
  }

  /** The backup scope of a kind, checking the job exists in the company. */
  async backupScope(
    job: JobRef,
    kind: FileListKind,
    jobInstanceNo: string | undefined,
  ): Promise<BackupScope> {
    const list = ledgerList(kind);
    if (!list) throw invalid('FILE_LIST_TYPE_WRONG', 'fileListTypeWrong', { listType: kind });
    if (needsRun(kind) && !jobInstanceNo)
      throw invalid('FILE_RUN_REQUIRED', 'fileJobInstanceRequired', { listType: kind });
    await findJob(this.jobs, job.companyCode, job.legacyId);
    return { companyCode: job.companyCode, legacyId: job.legacyId, list, jobInstanceNo };
  }

  private async live(job: JobRef, kind: LiveFileList) {
    const config = await findJob(this.jobs, job.companyCode, job.legacyId);
    const folders = await liveFolders(this.loader, config, kind);
    const [first] = folders;
    if (!first) throw notFound('FOLDER_NOT_FOUND', 'fileNoSuchDirectory');
    return { folders, target: first.target };
  }

  async list(job: JobRef, kind: FileListKind, jobInstanceNo: string | undefined): Promise<FileListResponse> {
    if (!isLiveList(kind)) return this.backups.list(await this.backupScope(job, kind, jobInstanceNo));
    const { folders, target } = await this.live(job, kind);
    const session = await openRemote(this.peers, target);
    try {
      const files = await listLiveFiles(session, folders);
      files.sort((a, b) => b.entry.mtimeMs - a.entry.mtimeMs || (a.entry.name < b.entry.name ? -1 : 1));
      return {
        result_list: files.slice(0, FILE_LIST_MAX).map(liveEntry),
        total_count: files.length,
        ...(files.length > FILE_LIST_MAX ? { truncated: true } : {}),
      };
    } catch (error) {
      throw remoteError(error, target.serverId);
    } finally {
      await session.close();
    }
  }

  /** One file of a live folder, streamed straight from the sFTP server. */
  async downloadLive(
    job: JobRef,
    kind: LiveFileList,
    name: string | undefined,
    filePath: string | undefined,
  ): Promise<FileDownload> {
    const fileName = checkName(name);
    const { folders, target } = await this.live(job, kind);
    const session = await openRemote(this.peers, target);
    try {
      const file = pickLiveFile(await listLiveFiles(session, folders), fileName, filePath);
      const stream = remoteReadStream(session, file.remotePath, undefined, (error) =>
        error instanceof SftpError && error.code === 'NOT_FOUND'
          ? notFound('FILE_NOT_FOUND', 'fileNotFound', { name: fileName })
          : remoteError(error, target.serverId),
      );
      stream.once('close', () => void session.close());
      return { fileName, contentType: 'application/octet-stream', size: file.entry.size, stream };
    } catch (error) {
      await session.close();
      throw remoteError(error, target.serverId);
    }
  }

  /** Every file of a live folder (or both return folders, each in its own folder) as one zip. */
  async zipLive(job: JobRef, kind: LiveFileList, zipName: string): Promise<FileDownload> {
    const { folders, target } = await this.live(job, kind);
    const session = await openRemote(this.peers, target);
    try {
      const files = await listLiveFiles(session, folders);
      const items: ZipItem[] = [];
      for (const file of files) {
        const remotePath = file.remotePath;
        if (remotePath === undefined) continue; // a name the adapter will not address
        items.push({
          segments: kind === 'sftp_return_server' ? [file.folder.label, file.entry.name] : [file.entry.name],
          size: file.entry.size,
          mtime: new Date(file.entry.mtimeMs),
          open: (signal) => Promise.resolve(remoteReadStream(session, remotePath, signal)),
        });
      }
      checkZipLimits(items);
      const stream = zipStream(items, () => void session.close());
      return { fileName: zipName, contentType: 'application/zip', stream };
    } catch (error) {
      await session.close();
      throw remoteError(error, target.serverId);
    }
  }

  /** One backup file (the newest of that name, of the run when given). */
  async downloadBackup(scope: BackupScope, name: string | undefined): Promise<FileDownload> {
    const fileName = checkName(name);
    const file = await this.backups.find(scope, fileName);
    const stream = await this.backups.read(file);
    return { fileName, contentType: 'application/octet-stream', size: file.size, stream };
  }

  /** The run's files of each list, in that list's folder (a run's whole history, decision 0029). */
  async runHistoryItems(
    job: JobRef,
    jobInstanceNo: string,
    lists: readonly (readonly [BackupKind, string])[],
  ): Promise<ZipItem[]> {
    const items: ZipItem[] = [];
    for (const [kind, folder] of lists) {
      const scope = await this.backupScope(job, kind, jobInstanceNo);
      for (const item of await this.backups.zipItems(scope))
        items.push({ ...item, segments: [folder, ...item.segments] });
    }
    return items;
  }

  async zipBackups(scope: BackupScope, zipName: string): Promise<FileDownload> {
    const items = await this.backups.zipItems(scope);
    checkZipLimits(items);
    return { fileName: zipName, contentType: 'application/zip', stream: zipStream(items, () => undefined) };
  }
}
