import { DEFAULT_SID } from '@lis/contracts';
import { call } from '../../../platform/api/endpoint-client';

/** Every server of a company fits one page of the option lists. */
export const SERVER_OPTIONS_PAGE_SIZE = 1000;

export interface ServerOption {
  value: string;
  label: string;
}

const optionLabel = (id: string, detail: string) => (detail ? `${id} · ${detail}` : id);

/** GET /v1/config/sftp-server?company_code=X&page_size=1000 → the sFTP server options. */
export async function fetchSftpServerOptions(company: string, signal?: AbortSignal): Promise<ServerOption[]> {
  const reply = await call('GET /v1/config/sftp-server', {
    query: { sid: DEFAULT_SID, company_code: company, page_size: SERVER_OPTIONS_PAGE_SIZE },
    signal,
  });
  return reply.result_list.map((s) => ({
    value: s.sftp_server_id,
    label: optionLabel(s.sftp_server_id, `${s.sftp_ip}:${s.sftp_port}`),
  }));
}

/** GET /v1/config/api-server?company_code=X&page_size=1000 → the API server options. */
export async function fetchApiServerOptions(company: string, signal?: AbortSignal): Promise<ServerOption[]> {
  const reply = await call('GET /v1/config/api-server', {
    query: { sid: DEFAULT_SID, company_code: company, page_size: SERVER_OPTIONS_PAGE_SIZE },
    signal,
  });
  return reply.result_list.map((s) => ({
    value: s.api_serverid,
    label: optionLabel(s.api_serverid, s.api_url_callfunction),
  }));
}

/** GET /v1/config/dms?company_code=X&page_size=1000 → the DMS server options. */
export async function fetchDmsServerOptions(company: string, signal?: AbortSignal): Promise<ServerOption[]> {
  const reply = await call('GET /v1/config/dms', {
    query: { sid: DEFAULT_SID, company_code: company, page_size: SERVER_OPTIONS_PAGE_SIZE },
    signal,
  });
  return reply.result_list.map((s) => ({
    value: s.dms_serverid,
    label: optionLabel(s.dms_serverid, s.dms_url),
  }));
}
