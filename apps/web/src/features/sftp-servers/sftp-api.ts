import { DEFAULT_SID, type SftpServerWrite, type SftpTestRequest } from '@lis/contracts';
import { call } from '../../platform/api/endpoint-client';
import { resourceKeys } from '../../ui/resource/resource-keys';

export const sftpKeys = resourceKeys<[company: string, page: number, pageSize: number]>('sftp-servers');

/** GET /v1/config/sftp-server: a page of the servers of `company` ('' = every company I administer). */
export function fetchSftpServers(company: string, page: number, pageSize: number, signal?: AbortSignal) {
  return call('GET /v1/config/sftp-server', {
    query: { sid: DEFAULT_SID, company_code: company, page, page_size: pageSize },
    signal,
  });
}

/** The same call with `sftp_server_id`: the one record (404 when it is gone). */
export async function fetchSftpServer(company: string, id: string) {
  const reply = await call('GET /v1/config/sftp-server', {
    query: {
      sid: DEFAULT_SID,
      company_code: company,
      sftp_server_id: id,
    },
  });
  return reply.result_list.find((row) => row.sftp_server_id === id && row.companycode === company);
}

export function saveSftpServer(mode: 'add' | 'edit', body: SftpServerWrite) {
  return mode === 'add'
    ? call('POST /v1/config/sftp-server/add', { body })
    : call('POST /v1/config/sftp-server/edit', { body });
}

export function deleteSftpServer(company: string, id: string) {
  return call('DELETE /v1/config/sftp-server/delete', {
    query: {
      sid: DEFAULT_SID,
      company_code: company,
      sftp_server_id: id,
    },
  });
}

export function testSftpConnection(body: SftpTestRequest) {
  return call('POST /v1/test/sftp/connection', { body });
}
