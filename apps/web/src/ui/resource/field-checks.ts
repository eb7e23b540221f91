import { HTTP_URL_PATTERN, SERVER_ID_PATTERN } from '@lis/contracts';

/*
 * Checks shared by the server configuration forms. Each answers the key of a message (every screen
 * that uses it has that key), or undefined when the value is valid.
 */

export const SERVER_ID_MAX_LENGTH = 64;
export const URL_MAX_LENGTH = 2048;
/** Passwords and tokens: write-only, never shown again. */
export const SECRET_MAX_LENGTH = 1024;

const SERVER_ID = new RegExp(SERVER_ID_PATTERN);
const HTTP_URL = new RegExp(HTTP_URL_PATTERN);

export function checkCompany(code: string | undefined): 'companyRequired' | undefined {
  return code ? undefined : 'companyRequired';
}

export function checkServerId(id: string | undefined): 'serverIdRequired' | 'serverIdInvalid' | undefined {
  const trimmed = (id ?? '').trim();
  if (!trimmed) return 'serverIdRequired';
  return SERVER_ID.test(trimmed) ? undefined : 'serverIdInvalid';
}

const isHttpUrl = (text: string) => HTTP_URL.test(text) && text.length <= URL_MAX_LENGTH;

/** A required http(s) address of at most URL_MAX_LENGTH. */
export function checkHttpUrl(url: string | undefined): 'urlRequired' | 'urlInvalid' | undefined {
  const trimmed = (url ?? '').trim();
  if (!trimmed) return 'urlRequired';
  return isHttpUrl(trimmed) ? undefined : 'urlInvalid';
}

/** An optional http(s) address: blank, or as `checkHttpUrl` asks. */
export function checkOptionalHttpUrl(url: string | undefined): 'urlInvalid' | undefined {
  const trimmed = (url ?? '').trim();
  return !trimmed || isHttpUrl(trimmed) ? undefined : 'urlInvalid';
}
