import {
  DEFAULT_SID,
  HTTP_URL_PATTERN,
  SERVER_ID_PATTERN,
  type DmsServer,
  type DmsServerWrite,
} from '@lis/contracts';
import type { DmsServerMessageKey } from './dms-servers.i18n';

export type DmsServerFormMode = 'add' | 'edit';

export interface DmsServerFormValues {
  companycode: string;
  dms_serverid: string;
  /** Not required (spec 001 §5). */
  dms_url: string;
  /** Write-only; on edit '' keeps the stored token. */
  dms_token: string;
}

export const EMPTY_DMS_SERVER_FORM: DmsServerFormValues = {
  companycode: '',
  dms_serverid: '',
  dms_url: '',
  dms_token: '',
};

export const SERVER_ID_MAX_LENGTH = 64;
export const URL_MAX_LENGTH = 2048;
export const SECRET_MAX_LENGTH = 1024;

const SERVER_ID = new RegExp(SERVER_ID_PATTERN);
const HTTP_URL = new RegExp(HTTP_URL_PATTERN);

/** A list row into the edit form: the token is never sent to the browser, so it starts blank. */
export function formFromDmsServer(server: DmsServer): DmsServerFormValues {
  return {
    companycode: server.companycode,
    dms_serverid: server.dms_serverid,
    dms_url: server.dms_url,
    dms_token: '',
  };
}

/** The body of POST and PUT /v1/config/dms: sid 555, text trimmed; a blank token is left out (kept on edit). */
export function toDmsServerPayload(values: DmsServerFormValues): DmsServerWrite {
  const body: DmsServerWrite = {
    sid: DEFAULT_SID,
    companycode: values.companycode,
    dms_serverid: values.dms_serverid.trim(),
    dms_url: values.dms_url.trim(),
  };
  if (values.dms_token !== '') body.dms_token = values.dms_token;
  return body;
}

type Check = DmsServerMessageKey | undefined;

export function checkCompany(code: string | undefined): Check {
  return code ? undefined : 'companyRequired';
}

export function checkServerId(id: string | undefined): Check {
  const trimmed = (id ?? '').trim();
  if (!trimmed) return 'serverIdRequired';
  return SERVER_ID.test(trimmed) ? undefined : 'serverIdInvalid';
}

/** Optional; when given an http(s) address. */
export function checkUrl(url: string | undefined): Check {
  const trimmed = (url ?? '').trim();
  if (!trimmed) return undefined;
  return HTTP_URL.test(trimmed) && trimmed.length <= URL_MAX_LENGTH ? undefined : 'urlInvalid';
}

/** The spec's required fields (sid is always 555): the company and the server id. */
export function missingRequired(values: Partial<DmsServerFormValues>): boolean {
  return !values.companycode || !(values.dms_serverid ?? '').trim();
}
