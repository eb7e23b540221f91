import { DEFAULT_SID, type DmsServer, type DmsServerWrite } from '@lis/contracts';
import {
  checkCompany,
  checkOptionalHttpUrl,
  checkServerId,
  SECRET_MAX_LENGTH,
  SERVER_ID_MAX_LENGTH,
  URL_MAX_LENGTH,
} from '../../ui/resource/field-checks';

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

export { checkCompany, checkServerId, SECRET_MAX_LENGTH, SERVER_ID_MAX_LENGTH, URL_MAX_LENGTH };

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

/** Optional; when given an http(s) address. */
export const checkUrl = checkOptionalHttpUrl;

/** The spec's required fields (sid is always 555): the company and the server id. */
export function missingRequired(values: Partial<DmsServerFormValues>): boolean {
  return !values.companycode || !(values.dms_serverid ?? '').trim();
}
