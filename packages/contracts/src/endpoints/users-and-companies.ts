import { MessageResponse } from '../common.js';
import { CompanyListQuery, CompanyListResponse, CompanyWrite } from '../companies.js';
import { RoleListResponse } from '../roles.js';
import {
  UserCreate,
  UserDeleteQuery,
  UserEdit,
  UserImportResponse,
  UserListResponse,
  UserQuery,
} from '../users.js';
import type { EndpointTable } from './endpoint.js';

/** Employees (users), companies and roles. */
export const userAndCompanyEndpoints = {
  'GET /v1/user': { query: UserQuery, response: UserListResponse },
  'POST /v1/user/create': { body: UserCreate, response: MessageResponse },
  'PUT /v1/user/edit': { body: UserEdit, response: MessageResponse },
  'DELETE /v1/user': { query: UserDeleteQuery, response: MessageResponse },
  'POST /v1/user/import': { upload: 'multipart', response: UserImportResponse },
  'GET /v1/user/import-template': { answer: 'file' },
  'GET /v1/company_master': { query: CompanyListQuery, response: CompanyListResponse },
  'POST /v1/company_master': { body: CompanyWrite, response: MessageResponse },
  'PUT /v1/company_master': { body: CompanyWrite, response: MessageResponse },
  'GET /v1/role': { response: RoleListResponse },
} as const satisfies EndpointTable;
