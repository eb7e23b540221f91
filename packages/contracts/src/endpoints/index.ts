import { administrationEndpoints } from './administration.js';
import { alertEndpoints } from './alerts.js';
import { expectationEndpoints } from './alerts.js';
import { authEndpoints } from './auth.js';
import { calendarEndpoints } from './calendars.js';
import type {
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
  EndpointTable,
} from './endpoint.js';
import { fileEndpoints } from './files.js';
import { jobEndpoints } from './jobs.js';
import { maintenanceEndpoints } from './maintenance.js';
import { monitoringEndpoints } from './monitoring.js';
import { schedulingEndpoints } from './scheduling.js';
import { serverConfigEndpoints } from './server-config.js';
import { userAndCompanyEndpoints } from './users-and-companies.js';

export type * from './endpoint.js';

/** The table's parts, by area (a key in two of them would be one route twice: the table's test refuses it). */
export const endpointGroups = {
  auth: authEndpoints,
  usersAndCompanies: userAndCompanyEndpoints,
  scheduling: schedulingEndpoints,
  administration: administrationEndpoints,
  serverConfig: serverConfigEndpoints,
  jobs: jobEndpoints,
  monitoring: monitoringEndpoints,
  files: fileEndpoints,
  calendars: calendarEndpoints,
  maintenance: maintenanceEndpoints,
  alerts: alertEndpoints,
  expectations: expectationEndpoints,
} as const;

/**
 * Every route of the API by `'METHOD /path'`, with the schemas the server declares for it (the server's
 * test `endpoint-table.test.ts` holds each entry to its route). The console's client takes a call's
 * request and answer types from here, never from a generic written at the call site.
 */
export const endpoints = {
  ...authEndpoints,
  ...userAndCompanyEndpoints,
  ...schedulingEndpoints,
  ...administrationEndpoints,
  ...serverConfigEndpoints,
  ...jobEndpoints,
  ...monitoringEndpoints,
  ...fileEndpoints,
  ...calendarEndpoints,
  ...maintenanceEndpoints,
  ...alertEndpoints,
  ...expectationEndpoints,
} as const satisfies EndpointTable;

export type Endpoints = typeof endpoints;
export type EndpointKey = keyof Endpoints;

/** The endpoints that answer JSON (their `response`). */
export type JsonEndpointKey = {
  [K in EndpointKey]: Endpoints[K] extends { readonly answer: string } ? never : K;
}[EndpointKey];
/** The endpoints that answer a file. */
export type FileEndpointKey = {
  [K in EndpointKey]: Endpoints[K] extends { readonly answer: 'file' } ? K : never;
}[EndpointKey];
/** The endpoints whose body is a multipart form (an upload). */
export type UploadEndpointKey = {
  [K in EndpointKey]: Endpoints[K] extends { readonly upload: 'multipart' } ? K : never;
}[EndpointKey];

export type ParamsOf<K extends EndpointKey> = EndpointParams<K>;
export type QueryOf<K extends EndpointKey> = EndpointQuery<Endpoints[K]>;
export type BodyOf<K extends EndpointKey> = EndpointBody<Endpoints[K]>;
export type ResponseOf<K extends EndpointKey> = EndpointResponse<Endpoints[K]>;
