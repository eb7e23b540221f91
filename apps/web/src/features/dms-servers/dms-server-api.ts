import { DEFAULT_SID, type DmsServerWrite } from '@lis/contracts';
import { call } from '../../platform/api/endpoint-client';
import { resourceKeys } from '../../ui/resource/resource-keys';

export const dmsServerKeys = resourceKeys<[page: number, size: number]>('dms-servers');

/** GET /v1/config/dms?sid&page&size: every company where the caller is admin, paged on the server. */
export function fetchDmsServers(page: number, size: number, signal?: AbortSignal) {
  return call('GET /v1/config/dms', { query: { sid: DEFAULT_SID, page, size }, signal });
}

/** POST /v1/config/dms (add; 409 when the id exists in the company). */
export function addDmsServer(body: DmsServerWrite) {
  return call('POST /v1/config/dms', { body });
}

/** PUT /v1/config/dms (edit): a blank or absent token keeps the stored one. */
export function editDmsServer(body: DmsServerWrite) {
  return call('PUT /v1/config/dms', { body });
}

/** DELETE /v1/config/dms?sid&company_code&dms_serverid. */
export function deleteDmsServer(companyCode: string, dmsServerId: string) {
  return call('DELETE /v1/config/dms', {
    query: {
      sid: DEFAULT_SID,
      company_code: companyCode,
      dms_serverid: dmsServerId,
    },
  });
}
