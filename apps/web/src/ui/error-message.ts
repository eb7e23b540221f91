import type { ErrorCode } from '@lis/contracts';
import { ApiError } from '../platform/api/http';

/** The server could not be reached at all (no HTTP answer). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/** What to tell the user about an error: the server's message, or `fallback` when there is none. */
export function errorText(error: unknown, fallback: string): string {
  if (typeof error === 'string') return error || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The server's answers about the action password itself: nothing was done, the prompt stays open. */
const ACTION_PASSWORD_REFUSALS: ReadonlySet<ErrorCode | undefined> = new Set([
  'ACTION_PASSWORD_REQUIRED',
  'ACTION_PASSWORD_WRONG',
  'ACTION_PASSWORD_THROTTLED',
  'ACTION_PASSWORD_NOT_SET',
]);

/** Whether the server refused the action password (wrong, missing, throttled or not set). */
export function isActionPasswordRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && ACTION_PASSWORD_REFUSALS.has(error.code);
}
