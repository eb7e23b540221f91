export {
  confinedPath,
  normaliseRemoteRoot,
  MAX_REMOTE_NAME_BYTES,
  MAX_REMOTE_PATH_BYTES,
} from './confined-path.js';
export { DEFAULT_TRANSFER_TUNING, type TransferTuning } from './sftp-channel.js';
export {
  DEFAULT_KEEPALIVE_INTERVAL_MS,
  DEFAULT_READY_TIMEOUT_MS,
  openSftp,
  type OpenSftpOptions,
  type SftpTarget,
} from './sftp-connect.js';
export type { DownloadOptions, DownloadResult } from './sftp-download.js';
export { RETRYABLE_SFTP_CODES, SftpError, type SftpErrorCode } from './sftp-error.js';
export { withSftpRetry, type SftpRetryOptions } from './sftp-retry.js';
export {
  DEFAULT_FILE_CONCURRENCY,
  type DownloadItem,
  type ManyOptions,
  type UploadItem,
} from './sftp-many.js';
export { transferEach, type TransferEachOptions } from './transfer-each.js';
export { SftpSession, type SftpEntry } from './sftp-session.js';
export { listStableFiles, type StableFilesOptions } from './stable-files.js';
export { removeStaleTemporaryFiles, type StaleTemporariesOptions } from './stale-temporaries.js';
export { isTemporaryName, temporaryName } from './temporary-name.js';
export type { UploadOptions, UploadResult } from './sftp-upload.js';
