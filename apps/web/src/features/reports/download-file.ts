import { storedLanguage } from '../../app/i18n/language';
import { readSession } from '../../app/session/session';
import { ApiError, apiUrl } from '../../app/api/http';

/** The file name of a `Content-Disposition` header: `filename*=UTF-8''…` first, else `filename="…"`. */
export function dispositionFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1];
}

/**
 * A call whose answer is a file (not JSON): the bearer token goes in the Authorization header, never
 * in the address. A failure carries the server's `{message}` as an ApiError.
 */
export async function downloadFile(
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; fallbackName: string },
): Promise<{ blob: Blob; fileName: string }> {
  const headers: Record<string, string> = { 'Accept-Language': storedLanguage() };
  const session = readSession();
  if (session) headers.Authorization = `Bearer ${session.access_token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(0, 'network');
  }
  if (!response.ok) {
    const text = await response.text();
    let message = text || response.statusText;
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === 'string') message = parsed.message;
    } catch {
      // not JSON: the text as it is
    }
    throw new ApiError(response.status, message);
  }
  const fileName = dispositionFileName(response.headers.get('content-disposition')) ?? options.fallbackName;
  return { blob: await response.blob(), fileName };
}
