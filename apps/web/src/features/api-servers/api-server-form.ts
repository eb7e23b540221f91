import {
  DEFAULT_API_TIMEOUT_SECONDS,
  DEFAULT_SID,
  MAX_API_TIMEOUT_SECONDS,
  MIN_API_TIMEOUT_SECONDS,
  type ApiServer,
  type ApiServerWrite,
  type FappTestQuery,
  type FappTestRequest,
} from '@lis/contracts';
import {
  checkCompany,
  checkHttpUrl,
  checkServerId,
  SECRET_MAX_LENGTH,
  SERVER_ID_MAX_LENGTH,
  URL_MAX_LENGTH,
} from '../../ui/resource/field-checks';
import type { ApiServerMessageKey } from './api-servers.i18n';

export type ApiServerFormMode = 'add' | 'edit';

export interface ApiServerFormValues {
  companycode: string;
  api_serverid: string;
  api_url_callfunction: string;
  api_username: string;
  /** Required on add; on edit '' keeps the stored password. */
  api_password: string;
  /** Time limit of a function call (step 2), whole seconds 1..3600. */
  api_timeout_seconds: number | null;
}

export const EMPTY_API_SERVER_FORM: ApiServerFormValues = {
  companycode: '',
  api_serverid: '',
  api_url_callfunction: '',
  api_username: '',
  api_password: '',
  api_timeout_seconds: DEFAULT_API_TIMEOUT_SECONDS,
};

export { checkCompany, checkServerId, SECRET_MAX_LENGTH, SERVER_ID_MAX_LENGTH, URL_MAX_LENGTH };
export const USERNAME_MAX_LENGTH = 128;
const USERNAME = /^[^\s:]+$/;

/** A list row into the edit form: the password is never sent to the browser, so it starts blank. */
export function formFromApiServer(server: ApiServer): ApiServerFormValues {
  return {
    companycode: server.companycode,
    api_serverid: server.api_serverid,
    api_url_callfunction: server.api_url_callfunction,
    api_username: server.api_username,
    api_password: '',
    api_timeout_seconds: server.api_timeout_seconds,
  };
}

/** The body of add and edit: sid 555, text trimmed; a blank password on edit is left out (kept). */
export function toApiServerPayload(values: ApiServerFormValues, mode: ApiServerFormMode): ApiServerWrite {
  const body: ApiServerWrite = {
    sid: DEFAULT_SID,
    companycode: values.companycode,
    api_serverid: values.api_serverid.trim(),
    api_url_callfunction: values.api_url_callfunction.trim(),
    api_username: values.api_username.trim(),
  };
  if (mode === 'add' || values.api_password !== '') body.api_password = values.api_password;
  const timeout = timeoutSeconds(values.api_timeout_seconds);
  if (timeout !== null) body.api_timeout_seconds = timeout;
  return body;
}

/**
 * What Test Connection sends. A saved record whose URL and username are unchanged and whose password is
 * left blank is tested by its id (GET, with the stored password); anything else sends the form (POST).
 */
export type ApiTestCall = { kind: 'saved'; query: FappTestQuery } | { kind: 'form'; body: FappTestRequest };

export function toApiTestCall(
  values: ApiServerFormValues,
  mode: ApiServerFormMode,
  saved: ApiServer | null,
): ApiTestCall {
  const url = values.api_url_callfunction.trim();
  const username = values.api_username.trim();
  if (mode === 'edit' && saved) {
    const unchanged = url === saved.api_url_callfunction && username === saved.api_username;
    if (values.api_password === '' && unchanged)
      return {
        kind: 'saved',
        query: { sid: DEFAULT_SID, company_code: saved.companycode, api_server_id: saved.api_serverid },
      };
    const body: FappTestRequest = {
      sid: DEFAULT_SID,
      company_code: saved.companycode,
      api_server_id: saved.api_serverid,
      apiUrl: url,
      username,
    };
    if (values.api_password !== '') body.password = values.api_password;
    return { kind: 'form', body };
  }
  return {
    kind: 'form',
    body: {
      sid: DEFAULT_SID,
      company_code: values.companycode,
      apiUrl: url,
      username,
      password: values.api_password,
    },
  };
}

/* Validation: each check answers the key of a message in api-servers.i18n.ts, or undefined when valid. */

type Check = ApiServerMessageKey | undefined;

export const checkUrl = (url: string | undefined): Check => checkHttpUrl(url);

export function checkUsername(username: string | undefined): Check {
  const trimmed = (username ?? '').trim();
  if (!trimmed) return 'usernameRequired';
  return USERNAME.test(trimmed) && trimmed.length <= USERNAME_MAX_LENGTH ? undefined : 'usernameInvalid';
}

/** The call time limit as whole seconds in 1..3600; null when it is not one. */
export function timeoutSeconds(value: unknown): number | null {
  const seconds =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isInteger(seconds) && seconds >= MIN_API_TIMEOUT_SECONDS && seconds <= MAX_API_TIMEOUT_SECONDS
    ? seconds
    : null;
}

export function checkTimeout(value: unknown): Check {
  if (value === undefined || value === null || value === '') return 'timeoutRequired';
  return timeoutSeconds(value) === null ? 'timeoutInvalid' : undefined;
}

/** Required on add; on edit blank keeps the stored one. */
export function checkPassword(password: string | undefined, mode: ApiServerFormMode): Check {
  return mode === 'add' && !password ? 'passwordRequired' : undefined;
}
