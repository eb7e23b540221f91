import { MessageResponse } from '../common.js';
import { DmsFileListQuery, DmsFileListResponse, DmsFileListV1Query, DmsFileQuery } from '../dms-files.js';
import {
  FileDeleteRequest,
  FileDownloadRequest,
  FileListAllRequest,
  FileListRequest,
  FileListResponse,
  FileUploadRequest,
  RunHistoryZipRequest,
  Step4ErrorZipRequest,
} from '../files.js';
import type { EndpointTable } from './endpoint.js';

/** A run's and a job's files: the sFTP lists, downloads and zips, upload and delete, the DMS files. */
export const fileEndpoints = {
  'POST /v3/lis-server/files/sftp/path': { body: FileListRequest, response: FileListResponse },
  'POST /v1/lis-server/files/sftp/path-recursive': { body: FileListAllRequest, response: FileListResponse },
  'POST /v1/lis-server/get-source-file-with-legacyid': { body: FileDownloadRequest, answer: 'file' },
  'POST /v1/lis-server/get-destination-file-with-legacyid': { body: FileDownloadRequest, answer: 'file' },
  'POST /v1/lis-server/get-file-with-legacyid': { body: FileDownloadRequest, answer: 'file' },
  'POST /v1/lis-server/get-backup-file-with-legacyid': { body: FileDownloadRequest, answer: 'file' },
  'POST /v1/lis-server/get-all-source-files-with-legacyid': { body: FileDownloadRequest, answer: 'file' },
  'POST /v1/lis-server/get-all-destination-files-with-legacyid': {
    body: FileDownloadRequest,
    answer: 'file',
  },
  'POST /v1/lis-server/get-all-file-with-legacyid': { body: FileDownloadRequest, answer: 'file' },
  'POST /v1/lis-server/get-backup-all-file-with-legacyid': { body: FileDownloadRequest, answer: 'file' },
  'POST /v1/lis-server/get-source-files-when-step4-error': { body: Step4ErrorZipRequest, answer: 'file' },
  'POST /v1/lis-server/get-run-history-zip': { body: RunHistoryZipRequest, answer: 'file' },
  'PUT /v1/lis-server/put-file': { body: FileUploadRequest, response: MessageResponse },
  'PUT /v2/lis-server/put-file': { body: FileUploadRequest, response: MessageResponse },
  'DELETE /v1/lis-server/rm-file': { body: FileDeleteRequest, response: MessageResponse },
  'DELETE /v2/lis-server/rm-file': { body: FileDeleteRequest, response: MessageResponse },
  'GET /v1/dms/file/list': { query: DmsFileListV1Query, response: DmsFileListResponse },
  'GET /v2/dms/file/list': { query: DmsFileListQuery, response: DmsFileListResponse },
  'GET /v2/dms/file': { query: DmsFileQuery, answer: 'file' },
} as const satisfies EndpointTable;
