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
import { CompanyRetryPolicy, CompanyRetryPolicyQuery } from '../retry-policy.js';
import type { EndpointTable } from './endpoint.js';

/** Runs started, resumed, re-run and stopped by hand; the triggers (Quartz monitor). */
export const schedulingEndpoints = {
  'GET /v1/job/resume': { query: JobResumeQuery, response: MessageResponse },
  'GET /v1/lis-server/run-immediate': { query: RunImmediateQuery, response: RunImmediateResponse },
  'GET /v1/lis-server/run-step': { query: RunStepQuery, response: RunStepResponse },
  'POST /v1/lis-server/run-step': { query: RunStepQuery, response: RunStepResponse },
  'POST /v1/lis-server/cancel': { query: CancelRunQuery, response: MessageResponse },
  // Issue 36: a run waiting for a step's next attempt (docs/retries.md), and a company's default policy.
  'POST /v1/lis-server/retry-now': { query: CancelRunQuery, response: MessageResponse },
  'POST /v1/lis-server/cancel-retries': { query: CancelRunQuery, response: MessageResponse },
  'GET /v1/companies/retry-policy': { query: CompanyRetryPolicyQuery, response: CompanyRetryPolicy },
  'PUT /v1/companies/retry-policy': {
    query: CompanyRetryPolicyQuery,
    body: CompanyRetryPolicy,
    response: CompanyRetryPolicy,
  },
  'POST /v1/lis-server/re-scheduler': { body: ReSchedulerRequest, response: ReSchedulerResponse },
  'GET /v1/lis-server/quartz': { query: QuartzQuery, response: QuartzListResponse },
  'POST /v1/lis-server/quartz/pause': { body: TriggerActionRequest, response: TriggerActionResponse },
  'POST /v1/lis-server/quartz/resume': { body: TriggerActionRequest, response: TriggerActionResponse },
} as const satisfies EndpointTable;
