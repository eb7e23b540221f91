import { DEFAULT_SID, type ApiServerWrite, type FappTestQuery, type FappTestRequest } from '@lis/contracts';
import { call } from '../../platform/api/endpoint-client';
import { resourceKeys } from '../../ui/resource/resource-keys';

export const apiServerKeys = resourceKeys<[page: number, pageSize: number]>('api-servers');

/** GET /v1/config/api-server: every company where the caller is admin, paged on the server. */
export function fetchApiServers(page: number, pageSize: number, signal?: AbortSignal) {
  return call('GET /v1/config/api-server', {
    query: { sid: DEFAULT_SID, page, page_size: pageSize },
    signal,
  });
}

/** POST /v1/config/api-server/add (409 when the id exists in the company). */
export function addApiServer(body: ApiServerWrite) {
  return call('POST /v1/config/api-server/add', { body });
}

/** POST /v1/config/api-server/edit: a blank or absent password keeps the stored one. */
export function editApiServer(body: ApiServerWrite) {
  return call('POST /v1/config/api-server/edit', { body });
}

/** DELETE /v1/config/api-server/delete?sid&company_code&api_server_id. */
export function deleteApiServer(companyCode: string, apiServerId: string) {
  return call('DELETE /v1/config/api-server/delete', {
    query: {
      sid: DEFAULT_SID,
      company_code: companyCode,
      api_server_id: apiServerId,
    },
  });
}

/** GET /v1/test/fapp/connection: a saved record, with its stored URL, username and password. */
export function testSavedApiServer(query: FappTestQuery) {
  return call('GET /v1/test/fapp/connection', { query });
}

/** POST /v1/test/fapp/connection: the form's values (the password travels in the body, never a URL). */
export function testApiServerForm(body: FappTestRequest) {
  return call('POST /v1/test/fapp/connection', { body });
}
