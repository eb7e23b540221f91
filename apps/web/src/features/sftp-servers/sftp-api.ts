import {
  DEFAULT_SID,
  type MessageResponse,
  type SftpServerListResponse,
  type SftpServerWrite,
  type SftpTestRequest,
  type SftpTestResponse,
} from '@lis/contracts';
import { api } from '../../platform/api/http';
import { resourceKeys } from '../../ui/resource/resource-keys';

export const sftpKeys = resourceKeys<[company: string, page: number, pageSize: number]>('sftp-servers');

/** GET /v1/config/sftp-server: a page of the servers of `company` ('' = every company I administer). */
export function fetchSftpServers(company: string, page: number, pageSize: number, signal?: AbortSignal) {
  return api.get<SftpServerListResponse>(
    'v1/config/sftp-server',
    { sid: DEFAULT_SID, company_code: company, page, page_size: pageSize },
    signal,
  );
}

/** The same call with `sftp_server_id`: the one record (404 when it is gone). */
export async function fetchSftpServer(company: string, id: string) {
  const reply = await api.get<SftpServerListResponse>('v1/config/sftp-server', {
    sid: DEFAULT_SID,
    company_code: company,
    sftp_server_id: id,
  });
  return reply.result_list.find((row) => row.sftp_server_id === id && row.companycode === company);
}

export function saveSftpServer(mode: 'add' | 'edit', body: SftpServerWrite) {
  return api.post<MessageResponse>(`v1/config/sftp-server/${mode}`, body);
}

export function deleteSftpServer(company: string, id: string) {
  return api.delete<MessageResponse>('v1/config/sftp-server/delete', {
    sid: DEFAULT_SID,
    company_code: company,
    sftp_server_id: id,
  });
}

export function testSftpConnection(body: SftpTestRequest) {
  return api.post<SftpTestResponse>('v1/test/sftp/connection', body);
}
