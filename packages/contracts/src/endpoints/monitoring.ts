import { DayTimelineQuery, DayTimelineResponse } from '../day-timeline.js';
import { JobRunHistoryQuery, JobRunHistoryResponse } from '../job-run-history.js';
import { ApplicationLogQuery, ApplicationLogResponse, SystemLogQuery, SystemLogResponse } from '../logs.js';
import {
  LegacyReportQuery,
  LegacyReportResponse,
  LegacyTaskQuery,
  LegacyTaskResponse,
  StepAttemptsQuery,
  StepAttemptsResponse,
} from '../monitoring.js';
import {
  BackupTextRequest,
  DailyReportQuery,
  DailyReportResponse,
  ExpectedRunJobQuery,
  ExpectedRunJobResponse,
} from '../reports.js';
import type { EndpointTable } from './endpoint.js';

/** The run screens (report, task, detail, history), the logs and the reports. */
export const monitoringEndpoints = {
  'GET /v1/legacy/report': { query: LegacyReportQuery, response: LegacyReportResponse },
  'GET /v2/legacy/report': { query: LegacyReportQuery, response: LegacyReportResponse },
  'GET /v1/legacy/step-attempts': { query: StepAttemptsQuery, response: StepAttemptsResponse },
  'GET /v1/legacy/task': { query: LegacyTaskQuery, response: LegacyTaskResponse },
  /** The task list as a workbook (204 when nothing matches). */
  'GET /v1/legacy/task/export': { query: LegacyTaskQuery, answer: 'file' },
  'GET /v1/legacy/job-run-history': { query: JobRunHistoryQuery, response: JobRunHistoryResponse },
  'GET /v1/system/log': { query: SystemLogQuery, response: SystemLogResponse },
  'GET /v1/application/log': { query: ApplicationLogQuery, response: ApplicationLogResponse },
  'GET /v1/legacy/daily-report': { query: DailyReportQuery, response: DailyReportResponse },
  'GET /v1/legacy/expected-running-job-report': {
    query: ExpectedRunJobQuery,
    response: ExpectedRunJobResponse,
  },
  'GET /v1/reports/day-timeline': { query: DayTimelineQuery, response: DayTimelineResponse },
  'POST /v1/lis-server/get-backup-file-with-instanceids': { body: BackupTextRequest, answer: 'file' },
} as const satisfies EndpointTable;
