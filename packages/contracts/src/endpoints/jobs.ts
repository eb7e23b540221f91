import {
  ChainJobArray,
  ChainJobDeleteQuery,
  ChainJobExportQuery,
  ChainJobListResponse,
  ChainJobQuery,
  ChainJobWorkbook,
  ChainJobWrite,
} from '../chain-job.js';
import { MessageResponse } from '../common.js';
import { CronCheckRequest, CronCheckResponse } from '../cron.js';
import {
  JobConfig,
  JobConfigDeleteQuery,
  JobConfigExportAnswer,
  JobConfigExportQuery,
  JobConfigGetQuery,
  JobConfigListQuery,
  JobConfigListResponse,
  JobConfigWrite,
  ValidateFilenameQuery,
  ValidateFilenameResponse,
  ValidateFilenameSamples,
} from '../job-config.js';
import type { EndpointTable } from './endpoint.js';

/** Job configurations (and pull jobs), the cron check, chain jobs. */
export const jobEndpoints = {
  'GET /v1/config/job-config': { query: JobConfigListQuery, response: JobConfigListResponse },
  'GET /v1/config/job-config/get': { query: JobConfigGetQuery, response: JobConfig },
  'POST /v1/config/job-config/add': { body: JobConfigWrite, response: MessageResponse },
  'PUT /v1/config/job-config/update': { body: JobConfigWrite, response: MessageResponse },
  'DELETE /v1/config/job-config': { query: JobConfigDeleteQuery, response: MessageResponse },
  /** JSON by default; the console asks `format=xlsx`, the workbook (204 when nothing matches). */
  'GET /v1/config/export': { query: JobConfigExportQuery, response: JobConfigExportAnswer, answer: 'file' },
  'POST /v1/config/validate-sftp-filename': {
    query: ValidateFilenameQuery,
    body: ValidateFilenameSamples,
    response: ValidateFilenameResponse,
  },
  'POST /v1/cron/check': { body: CronCheckRequest, response: CronCheckResponse },
  'GET /v1/chainjob/list': { query: ChainJobQuery, response: ChainJobListResponse },
  'GET /v1/chainjob/get': { query: ChainJobQuery, response: ChainJobArray },
  'POST /v1/chainjob/insert': { body: ChainJobWrite, response: MessageResponse },
  'PUT /v1/chainjob/update': { body: ChainJobWrite, response: MessageResponse },
  'DELETE /v1/chainjob/delete': { query: ChainJobDeleteQuery, response: MessageResponse },
  'GET /v1/chainjob/export': { query: ChainJobExportQuery, response: ChainJobWorkbook, answer: 'file' },
  // The spec's misspelt prefix, served too (DESIGN §7).
  'GET /v1/chianjob/get': { query: ChainJobQuery, response: ChainJobArray },
  'POST /v1/chianjob/insert': { body: ChainJobWrite, response: MessageResponse },
  'PUT /v1/chianjob/update': { body: ChainJobWrite, response: MessageResponse },
  'DELETE /v1/chianjob/delete': { query: ChainJobDeleteQuery, response: MessageResponse },
  'GET /v1/chianjob/export': { query: ChainJobExportQuery, response: ChainJobWorkbook, answer: 'file' },
} as const satisfies EndpointTable;
