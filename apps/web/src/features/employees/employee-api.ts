import { DEFAULT_SID, type UserCreate, type UserEdit } from '@lis/contracts';
import { downloadFile } from '../../platform/api/download';
import { call } from '../../platform/api/endpoint-client';
import { TEMPLATE_FALLBACK_NAME } from './employee-upload';
import { resourceKeys } from '../../ui/resource/resource-keys';

/** The search panel's criteria; an empty string means "any". */
export interface EmployeeFilters {
  /** Substring of the user name. */
  id: string;
  company_code: string;
  role_access: string;
}

export const EMPTY_FILTERS: EmployeeFilters = { id: '', company_code: '', role_access: '' };

const employeeKeysBase =
  resourceKeys<[filters: EmployeeFilters, page: number, pageSize: number]>('employees');

export const employeeKeys = {
  ...employeeKeysBase,
  companies: () => [...employeeKeysBase.all, 'companies'] as const,
  roles: () => [...employeeKeysBase.all, 'roles'] as const,
};

export function fetchUsers(filters: EmployeeFilters, page: number, pageSize: number, signal?: AbortSignal) {
  const query = {
    sid: DEFAULT_SID,
    id: filters.id.trim(),
    company_code: filters.company_code,
    role_access: filters.role_access,
    // The server leaves them out so that paging counts only the rows shown (spec 001 §4).
    exclude_first_role: 'super_admin' as const,
    page,
    page_size: pageSize,
  };
  return call('GET /v1/user', { query, signal });
}

export function fetchActiveCompanies(signal?: AbortSignal) {
  return call('GET /v1/company_master', { query: { sid: DEFAULT_SID, status: 'active' }, signal });
}

export function fetchRoles(signal?: AbortSignal) {
  return call('GET /v1/role', { signal });
}

export function createUser(body: UserCreate) {
  return call('POST /v1/user/create', { body });
}

export function editUser(body: UserEdit) {
  return call('PUT /v1/user/edit', { body });
}

export function deleteUser(id: string) {
  return call('DELETE /v1/user', { query: { id } });
}

export function importUsers(file: File) {
  const body = new FormData();
  body.append('files', file, file.name);
  return call('POST /v1/user/import', { body });
}

/**
 * The import template is a binary download, so a `downloadFile` rather than a `call` (which reads
 * text). The bearer token goes in the Authorization header, never in the URL.
 */
export function downloadImportTemplate(): Promise<{ blob: Blob; fileName: string }> {
  return downloadFile('GET /v1/user/import-template', { fallbackName: TEMPLATE_FALLBACK_NAME });
}
