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
