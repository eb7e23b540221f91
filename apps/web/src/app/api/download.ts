import { storedLanguage } from '../i18n/language';
import { readSession } from '../session/session';
import { ApiError, apiUrl } from './http';

type Query = Parameters<typeof apiUrl>[1];

/**
 * A GET whose answer is a file: the token goes in the Authorization header, never in the URL. The
 * server's file name (Content-Disposition) wins over `fallbackName`; 204 (nothing to export) is null;
 * a failure is an ApiError carrying the server's `{message}`.
 */
export async function apiDownload(
  path: string,
  query: Query,
  fallbackName: string,
): Promise<{ blob: Blob; fileName: string } | null> {
  const headers: Record<string, string> = { 'Accept-Language': storedLanguage() };
  const session = readSession();
  if (session) headers.Authorization = `Bearer ${session.access_token}`;
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), { headers });
  } catch {
    throw new ApiError(0, 'network');
  }
  if (response.status === 204) return null;
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
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  return { blob: await response.blob(), fileName };
}

/** Hands a file to the browser's download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
