import { MessageResponse } from '../common.js';
import { DmsSettingsQuery, DmsSettingsResponse } from '../dms-files.js';
import {
  JobConnectionTestRequest,
  JobConnectionTestResponse,
  PullJobLogQuery,
  PullJobLogResponse,
  SftpFolderResponse,
  SftpPathCheckRequest,
  SftpPathCheckResponse,
} from '../job-tools.js';
import { LegacyJobConnectionRequest, LegacySftpPathRequest } from '../legacy-api.js';
import {
  ApiServerDeleteQuery,
  ApiServerListQuery,
  ApiServerListResponse,
  ApiServerWrite,
  DmsServerDeleteQuery,
  DmsServerListQuery,
  DmsServerListResponse,
  DmsServerWrite,
  EmailContentListResponse,
  EmailContentSave,
  EmailContentSaveQuery,
  FappTestQuery,
  FappTestRequest,
  FappTestResponse,
  SftpServerDeleteQuery,
  SftpServerListQuery,
  SftpServerListResponse,
  SftpServerWrite,
  SftpTestRequest,
  SftpTestResponse,
} from '../server-config.js';
import { ServerReachabilityQuery, ServerReachabilityResponse } from '../server-reachability.js';
import type { EndpointTable } from './endpoint.js';

/** The API (function), sFTP and DMS servers, e-mail content, connection tests and the job tools. */
export const serverConfigEndpoints = {
  'GET /v1/config/api-server': { query: ApiServerListQuery, response: ApiServerListResponse },
  'POST /v1/config/api-server/add': { body: ApiServerWrite, response: MessageResponse },
  'POST /v1/config/api-server/edit': { body: ApiServerWrite, response: MessageResponse },
  'DELETE /v1/config/api-server/delete': { query: ApiServerDeleteQuery, response: MessageResponse },
  'GET /v1/config/sftp-server': { query: SftpServerListQuery, response: SftpServerListResponse },
  'POST /v1/config/sftp-server/add': { body: SftpServerWrite, response: MessageResponse },
  'POST /v1/config/sftp-server/edit': { body: SftpServerWrite, response: MessageResponse },
  'DELETE /v1/config/sftp-server/delete': { query: SftpServerDeleteQuery, response: MessageResponse },
  'GET /v1/config/dms': { query: DmsServerListQuery, response: DmsServerListResponse },
  'POST /v1/config/dms': { body: DmsServerWrite, response: MessageResponse },
  'PUT /v1/config/dms': { body: DmsServerWrite, response: MessageResponse },
  'DELETE /v1/config/dms': { query: DmsServerDeleteQuery, response: MessageResponse },
  'GET /v1/config/url-file': { query: DmsSettingsQuery, response: DmsSettingsResponse },
  'GET /v1/config/email-content': { query: EmailContentSaveQuery, response: EmailContentListResponse },
  'POST /v1/config/email-content': {
    query: EmailContentSaveQuery,
    body: EmailContentSave,
    response: MessageResponse,
  },
  'GET /v1/test/fapp/connection': { query: FappTestQuery, response: FappTestResponse },
  'POST /v1/test/fapp/connection': { body: FappTestRequest, response: FappTestResponse },
  'POST /v1/test/sftp/connection': { body: SftpTestRequest, response: SftpTestResponse },
  'POST /v1/test/job/connection': { body: LegacyJobConnectionRequest, response: JobConnectionTestResponse },
  'POST /v1/config/job-config/test-connection': {
    body: JobConnectionTestRequest,
    response: JobConnectionTestResponse,
  },
  'POST /v1/config/sftp-server/folders': { body: SftpPathCheckRequest, response: SftpFolderResponse },
  'POST /v1/config/sftp-server/exist-path': { body: SftpPathCheckRequest, response: SftpPathCheckResponse },
  'POST /v1/lis-server/exist/sftp/path': { body: LegacySftpPathRequest, response: SftpPathCheckResponse },
  'POST /v1/lis-server/expand/sftp/path': { body: LegacySftpPathRequest, response: SftpFolderResponse },
  'GET /v1/config/pull-job-log': { query: PullJobLogQuery, response: PullJobLogResponse },
  'GET /v1/config/server-reachability': {
    query: ServerReachabilityQuery,
    response: ServerReachabilityResponse,
  },
} as const satisfies EndpointTable;
