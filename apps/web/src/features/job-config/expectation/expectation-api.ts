import type { JobExpectation, JobExpectationKey } from '@lis/contracts';
import { call } from '../../../platform/api/endpoint-client';
import { ApiError } from '../../../platform/api/http';

/**
 * GET /v1/job-expectations: the job's file deadline, or null when it has none (404
 * EXPECTATION_NOT_FOUND; a server without the route answers 404 too, and then the job has none).
 */
export async function fetchExpectation(key: JobExpectationKey): Promise<JobExpectation | null> {
  try {
    return await call('GET /v1/job-expectations', { query: key });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** PUT /v1/job-expectations: creates or replaces the job's file deadline. */
export function putExpectation(body: JobExpectation) {
  return call('PUT /v1/job-expectations', { body });
}

/** DELETE /v1/job-expectations: the job no longer expects files by a deadline. */
export function deleteExpectation(key: JobExpectationKey) {
  return call('DELETE /v1/job-expectations', { query: key });
}
