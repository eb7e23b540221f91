import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import {
  displayFileName,
  newFileNameProblem,
  UPLOAD_MAX_BYTES,
  type FileListKind,
  type NewFileNameProblem,
} from '@lis/contracts';
import { confinedPath } from '../../adapters/sftp/index.js';
import type { PeerClients } from '../../adapters/peer-clients.js';
import type { JobConfigRepository } from '../job-config/job-config.repository.js';
import type { PipelineJobLoader } from '../server-config/pipeline-job-loader.js';
import { keyed } from '../../i18n/messages.js';
import { checkName, isLiveList, type JobRef } from './files.service.js';
import { findJob, liveFolders } from './job-folders.js';
import { listLiveFiles, pickLiveFile, withRemote } from './remote-files.js';
import { invalid, forbidden, notFound, conflict, tooLarge } from '../../platform/domain-error.js';

const NAME_PROBLEM_MESSAGES = {
  invisible: 'fileNameInvisible',
  reserved: 'fileNameReserved',
  trailing: 'fileNameTrailing',
  characters: 'fileNameCharacters',
} as const satisfies Record<NewFileNameProblem, string>;

/**
 * The name of a file LIS is about to create (docs/security.md "Inputs"): a plain name that every
 * partner server can hold as it is — no Windows device name, no trailing dot or space, no control,
 * bidi or invisible character (the message shows such characters escaped).
 */
export function checkNewName(name: string | undefined): string {
  const plain = checkName(name);
  const problem = newFileNameProblem(plain);
  if (problem)
    throw invalid('FILE_NAME_NOT_ALLOWED', 'fileNameNotAllowed', {
      name: displayFileName(plain),
      problem: keyed(NAME_PROBLEM_MESSAGES[problem]),
    });
  return plain;
}

const DATA_URL_PREFIX = /^data:[^,;]{0,200}(;[^,;]{0,100})*;base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of a base64 upload: 400 when not base64, 413 past UPLOAD_MAX_BYTES (checked before decoding). */
export function decodeUpload(data: string): Buffer {
  const text = data.replace(DATA_URL_PREFIX, '');
  if (text.length % 4 !== 0 || !BASE64.test(text)) throw invalid('FILE_DATA_INVALID', 'fileDataInvalid');
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  if ((text.length / 4) * 3 - padding > UPLOAD_MAX_BYTES)
    throw tooLarge('FILE_TOO_LARGE', 'fileTooLarge', { mb: UPLOAD_MAX_BYTES / (1024 * 1024) });
  return Buffer.from(text, 'base64');
}

export interface UploadInput extends JobRef {
  kind: FileListKind;
  fileName: string | undefined;
  data: string | undefined;
}

export interface RemoveInput extends JobRef {
  kind: FileListKind;
  fileName: string | undefined;
  filePath: string | undefined;
}

/** Uploads to and deletes from a job's live folders; backups are never changed. */
export class FileChangesService {
  constructor(
    private readonly jobs: JobConfigRepository,
    private readonly loader: PipelineJobLoader,
    private readonly peers: Pick<PeerClients, 'sftp'>,
  ) {}

  private liveOnly(kind: FileListKind) {
    if (!isLiveList(kind)) throw forbidden('BACKUP_READ_ONLY', 'fileLiveOnly');
    return kind;
  }

  /**
   * Writes the file into the source folder (or the return success folder, created when missing)
   * through the adapter's temporary name + rename. An existing file of that name: 409, untouched.
   */
  async upload(input: UploadInput): Promise<{ size: number; sha256: string }> {
    if (!input.fileName || !input.data) throw invalid('UPLOAD_FILE_MISSING', 'fileSelectBeforeUpload');
    const kind = this.liveOnly(input.kind);
    const fileName = checkNewName(input.fileName);
    const bytes = decodeUpload(input.data);
    const config = await findJob(this.jobs, input.companyCode, input.legacyId);
    const [folder] = await liveFolders(this.loader, config, kind);
    if (!folder || folder.label === 'error') throw notFound('FOLDER_NOT_FOUND', 'fileNoSuchDirectory');
    await withRemote(this.peers, folder.target, async (session) => {
      if (folder.label === 'success') await session.mkdirp(folder.path);
      const stats = await session.stat(folder.path);
      if (!stats.isDirectory) throw notFound('FOLDER_NOT_FOUND', 'fileNoSuchDirectory');
      const remote = confinedPath(folder.path, fileName);
      if (await session.exists(remote)) throw conflict('FILE_EXISTS', 'fileExists', { name: fileName });
      await session.upload(Readable.from([bytes]), remote);
    });
    return { size: bytes.byteLength, sha256: crypto.createHash('sha256').update(bytes).digest('hex') };
  }

  /**
   * Input checks only (400/403), so that the caller can ask for the action password before anything
   * is touched.
   */
  checkRemove(input: RemoveInput): string {
    this.liveOnly(input.kind);
    return checkName(input.fileName);
  }

  /** Deletes the listed file of that name (and file_path, when given) from the live folders. */
  async remove(input: RemoveInput): Promise<string> {
    const kind = this.liveOnly(input.kind);
    const fileName = checkName(input.fileName);
    const config = await findJob(this.jobs, input.companyCode, input.legacyId);
    const folders = await liveFolders(this.loader, config, kind);
    const [first] = folders;
    if (!first) throw notFound('FOLDER_NOT_FOUND', 'fileNoSuchDirectory');
    return withRemote(this.peers, first.target, async (session) => {
      const file = pickLiveFile(await listLiveFiles(session, folders), fileName, input.filePath);
      await session.remove(file.remotePath);
      return file.remotePath;
    });
  }
}
