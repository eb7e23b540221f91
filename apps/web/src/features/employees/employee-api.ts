import {
  DEFAULT_SID,
  type CompanyListResponse,
  type MessageResponse,
  type RoleListResponse,
  type UserCreate,
  type UserEdit,
  type UserImportResponse,
  type UserListResponse,
} from '@lis/contracts';
import { downloadFile } from '../../platform/api/download';
import { api, apiRequest } from '../../platform/api/http';
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
    exclude_first_role: 'super_admin',
    page,
    page_size: pageSize,
  };
  return api.get<UserListResponse>('v1/user', query, signal);
}

export function fetchActiveCompanies(signal?: AbortSignal) {
  return api.get<CompanyListResponse>('v1/company_master', { sid: DEFAULT_SID, status: 'active' }, signal);
}

export function fetchRoles(signal?: AbortSignal) {
  return api.get<RoleListResponse>('v1/role', undefined, signal);
}

export function createUser(body: UserCreate) {
  return api.post<MessageResponse>('v1/user/create', body);
}

export function editUser(body: UserEdit) {
  return api.put<MessageResponse>('v1/user/edit', body);
}

export function deleteUser(id: string) {
  return api.delete<MessageResponse>('v1/user', { id });
}

export function importUsers(file: File) {
  const body = new FormData();
  body.append('files', file, file.name);
  return apiRequest<UserImportResponse>('POST', 'v1/user/import', { body });
}

/**
 * The import template is a binary download, so it is fetched here rather than through `api`
 * (which reads text). The bearer token goes in the Authorization header, never in the URL.
 */
export function downloadImportTemplate(): Promise<{ blob: Blob; fileName: string }> {
  return downloadFile('GET', 'v1/user/import-template', { fallbackName: TEMPLATE_FALLBACK_NAME });
}
