import { FILE_SIZE_HEADER, isErrorCode, type FileEndpointKey } from '@lis/contracts';
import { storedLanguage } from '../i18n/language';
import { readSession } from '../session/session';
import {
  fillPath,
  queryOf,
  splitEndpoint,
  type AnyEndpointRequest,
  type EndpointRequest,
} from './endpoint-client';
import { ApiError, apiUrl } from './http';

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
  /** The whole file's size when only its first bytes were asked (`limit`, the `X-File-Size` header). */
  totalSize?: number;
}

/**
 * The file name a Content-Disposition header gives: the UTF-8 `filename*` (RFC 8187, Thai names)
 * first, else the plain `filename`, else `fallback`.
 */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // a broken encoding: the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/**
 * A failed download as an ApiError with the server's `{message, code}` (spec 000 §7: a failed
 * download answers JSON), else its text.
 */
async function downloadError(response: Response): Promise<ApiError> {
  const text = await response.text();
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data === 'object' && data && 'message' in data) {
      const code = 'code' in data && isErrorCode(data.code) ? data.code : undefined;
      return new ApiError(response.status, String(data.message), code);
    }
  } catch {
    // not JSON: the text itself
  }
  return new ApiError(response.status, text || response.statusText);
}

/** A file endpoint's request (its query or body, typed by the endpoint table) and the name to fall back on. */
export type FileRequest<K extends FileEndpointKey> = Omit<EndpointRequest<K>, 'signal' | 'headers'> & {
  /** The name when the server gives none. */
  readonly fallbackName: string;
};

/**
 * Calls an endpoint whose answer is a file (not JSON): the bearer token goes in the Authorization
 * header, never in the address. The server's file name (Content-Disposition) wins over `fallbackName`;
 * a failure is an ApiError carrying the server's `{message}` (status 0 when the server cannot be reached).
 */
export async function downloadFile<K extends FileEndpointKey>(
  endpoint: K,
  request: FileRequest<K>,
): Promise<DownloadedFile> {
  const { blob, fileName, totalSize } = await requestFile(endpoint, request);
  return totalSize === undefined ? { blob, fileName } : { blob, fileName, totalSize };
}

async function requestFile(
  endpoint: FileEndpointKey,
  request: AnyEndpointRequest & { fallbackName: string },
) {
  const { method, path } = splitEndpoint(endpoint);
  const headers: Record<string, string> = { 'Accept-Language': storedLanguage() };
  const session = readSession();
  if (session) headers.Authorization = `Bearer ${session.access_token}`;
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(apiUrl(fillPath(path, request.params), queryOf(request)), {
      method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
  } catch {
    throw new ApiError(0, 'network');
  }
  if (!response.ok) throw await downloadError(response);
  const fileName = fileNameFromDisposition(response.headers.get('content-disposition'), request.fallbackName);
  const sizeHeader = response.headers.get(FILE_SIZE_HEADER);
  const totalSize = sizeHeader && /^\d+$/.test(sizeHeader) ? Number(sizeHeader) : undefined;
  return { blob: await response.blob(), fileName, status: response.status, totalSize };
}

/** `downloadFile` of an export, whose answer 204 (nothing to export) is null. */
export async function downloadExport<K extends FileEndpointKey>(
  endpoint: K,
  request: FileRequest<K>,
): Promise<DownloadedFile | null> {
  const { status, blob, fileName } = await requestFile(endpoint, request);
  return status === 204 ? null : { blob, fileName };
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
