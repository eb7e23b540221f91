import { SignJWT } from 'jose';
import type { LisServer } from './server.js';

/** Mirrors `LoginResponse` of packages/contracts: what the console keeps under LG_APPLICATION. */
export interface LoginResponse {
  access_token: string;
  user_id: string;
  company_code: string;
}

export type Role = 'user' | 'admin' | 'super_admin';

export interface CompanyAccess {
  company_code: string;
  role_access: string;
}

export interface NewUser {
  id: string;
  password: string;
  first_name?: string;
  last_name?: string;
  list_company: CompanyAccess[];
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

/** A request against the server's API; the body of a JSON answer is parsed. */
export async function api<T = unknown>(
  server: LisServer,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text) body = JSON.parse(text);
  return { status: response.status, body: body as T };
}

async function expectOk<T>(answer: Promise<ApiAnswer<T>>, what: string): Promise<T> {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

export async function login(server: LisServer, username: string, password: string): Promise<LoginResponse> {
  return expectOk(
    api<LoginResponse>(server, 'POST', '/v1/auth/login', { body: { username, password } }),
    `login ${username}`,
  );
}

export async function loginAdmin(server: LisServer): Promise<LoginResponse> {
  return login(server, server.adminUsername, server.adminPassword);
}

export async function createCompany(
  server: LisServer,
  token: string,
  code: string,
  name: string,
): Promise<void> {
  await expectOk(
    api(server, 'POST', '/v1/company_master', { token, body: { company_code: code, company_name: name } }),
    `create company ${code}`,
  );
}

/**
 * Creates a user who signs in with `user.password` at once: a password an admin sets is a one-time
 * password (decision 0020), so the user is created with a first one and changes it to `user.password`.
 */
export async function createUser(server: LisServer, token: string, user: NewUser): Promise<void> {
  const first = `${user.password}-first`;
  await expectOk(
    api(server, 'POST', '/v1/user/create', { token, body: { ...user, password: first } }),
    `create user ${user.id}`,
  );
  const { access_token: own } = await login(server, user.id, first);
  await expectOk(
    api(server, 'POST', '/v1/auth/change-password', {
      token: own,
      body: { current_password: first, new_password: user.password },
    }),
    `first password change of ${user.id}`,
  );
}

/** Creates a user whose first company gives them `role` (the role the console goes by). */
export async function createUserWithRole(
  server: LisServer,
  adminToken: string,
  id: string,
  role: Role,
  companyCode: string,
): Promise<NewUser> {
  const user: NewUser = {
    id,
    password: `Pw-${id}-0123456789`,
    first_name: id,
    last_name: 'E2E',
    list_company: [{ company_code: companyCode, role_access: role }],
  };
  await createUser(server, adminToken, user);
  return user;
}

/** A portal token as the portal would hand it to /ingress: HS256 with the shared secret. */
export async function portalToken(
  secret: string,
  username: string,
  options: { expiresInSeconds?: number } = {},
): Promise<string> {
  const exp = Math.floor(Date.now() / 1000) + (options.expiresInSeconds ?? 300);
  return new SignJWT({ username, exp })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .sign(new TextEncoder().encode(secret));
}

/** What `POST /v1/config/sftp-server/add` takes (a password, a private key or both). */
export interface NewSftpServer {
  companycode: string;
  sftp_server_id: string;
  sftp_ip: string;
  sftp_port: number;
  sftp_username: string;
  sftp_password?: string;
  private_key?: string;
}

export async function createSftpServer(server: LisServer, token: string, body: NewSftpServer): Promise<void> {
  await expectOk(
    api(server, 'POST', '/v1/config/sftp-server/add', { token, body }),
    `add sFTP server ${body.sftp_server_id}`,
  );
}

/** What `POST /v1/config/api-server/add` takes. */
export interface NewApiServer {
  companycode: string;
  api_serverid: string;
  api_url_callfunction: string;
  api_username: string;
  api_password: string;
}

export async function createApiServer(server: LisServer, token: string, body: NewApiServer): Promise<void> {
  await expectOk(
    api(server, 'POST', '/v1/config/api-server/add', { token, body }),
    `add API server ${body.api_serverid}`,
  );
}
