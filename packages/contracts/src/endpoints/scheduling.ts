import { MessageResponse } from '../common.js';
import {
  CancelRunQuery,
  JobResumeQuery,
  QuartzListResponse,
  QuartzQuery,
  ReSchedulerRequest,
  ReSchedulerResponse,
  RunImmediateQuery,
  RunImmediateResponse,
  RunStepQuery,
  RunStepResponse,
  TriggerActionRequest,
  TriggerActionResponse,
} from '../scheduling.js';
import type { EndpointTable } from './endpoint.js';

/** Runs started, resumed, re-run and stopped by hand; the triggers (Quartz monitor). */
export const schedulingEndpoints = {
  'GET /v1/job/resume': { query: JobResumeQuery, response: MessageResponse },
  'GET /v1/lis-server/run-immediate': { query: RunImmediateQuery, response: RunImmediateResponse },
  'GET /v1/lis-server/run-step': { query: RunStepQuery, response: RunStepResponse },
  'POST /v1/lis-server/run-step': { query: RunStepQuery, response: RunStepResponse },
  'POST /v1/lis-server/cancel': { query: CancelRunQuery, response: MessageResponse },
  'POST /v1/lis-server/re-scheduler': { body: ReSchedulerRequest, response: ReSchedulerResponse },
  'GET /v1/lis-server/quartz': { query: QuartzQuery, response: QuartzListResponse },
  'POST /v1/lis-server/quartz/pause': { body: TriggerActionRequest, response: TriggerActionResponse },
  'POST /v1/lis-server/quartz/resume': { body: TriggerActionRequest, response: TriggerActionResponse },
} as const satisfies EndpointTable;
