import {
  ALL_COMPANIES,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SFTP_PORT,
  DEFAULT_SID,
  EMAIL_BODY_MAX,
  EMAIL_CONDITIONS,
  EMAIL_SUBJECT_MAX,
  type ApiServer,
  type ApiServerListQuery,
  type ApiServerWrite,
  type DmsServer,
  type DmsServerListQuery,
  type DmsServerWrite,
  type EmailContent,
  type EmailContentSave,
  type FappTestRequest,
  type FappTestResponse,
  type SftpServer,
  type SftpServerListQuery,
  type SftpServerWrite,
  type SftpTestRequest,
  type SftpTestResponse,
} from '@lis/contracts';
import { hasRole, type Identity } from '../access/access.js';
import type { CompanyRepository } from '../companies/company.repository.js';
import type { SecretBox } from '../secrets/secret-box.js';
import { SecretDecryptError, type SecretSlot } from '../secrets/secret-box.js';
import { message, type Language, type MessageKey } from '../../i18n/messages.js';
import { HttpError } from '../../http/http-error.js';
import type { Clock } from '../../platform/clock.js';
import {
  ConnectionTestError,
  fetchFunctionServerInfo,
  isUsablePrivateKey,
  testSftpConnection,
} from './connection-test.js';
import type {
  ApiServerRow,
  DmsServerRow,
  ServerConfigRepository,
  SftpServerRow,
} from './server-config.repository.js';

/** The companies where the caller is admin (or super_admin); `null` = every company. */
export function adminCompanies(identity: Identity): string[] | null {
  const grants = identity.grants.filter((g) => hasRole(g.role, 'admin'));
  if (grants.some((g) => g.companyCode === ALL_COMPANIES)) return null;
  return grants.map((g) => g.companyCode);
}

/** `scope` narrowed to one company (or the caller's admin companies when none is named). */
function scopeCodes(identity: Identity, company: string | undefined): string[] | null {
  const codes = adminCompanies(identity);
  if (company === undefined || company === '') return codes;
  return codes === null || codes.includes(company) ? [company] : [];
}

function paging(page?: number, size?: number) {
  const limit = size ?? DEFAULT_PAGE_SIZE;
  return { limit, offset: ((page ?? 1) - 1) * limit };
}

/** A secret field: blank or absent means "keep". */
const given = (value: string | undefined): value is string => value !== undefined && value !== '';

export type AuditDetails = Record<string, unknown>;

/** Configuration of API, sFTP and DMS servers and e-mail content, with their secrets sealed. */
export class ServerConfigService {
  constructor(
    private readonly repo: ServerConfigRepository,
    private readonly companies: CompanyRepository,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  private fail(status: number, lang: Language, key: MessageKey, values?: Record<string, string | number>) {
    return new HttpError(status, message(lang, key, values));
  }

  private open(sealed: string | null, slot: SecretSlot, lang: Language): string | undefined {
    if (sealed === null) return undefined;
    try {
      return this.box.open(sealed, slot);
    } catch (error) {
      if (error instanceof SecretDecryptError)
        throw this.fail(409, lang, 'secretUnreadable', { id: slot.id });
      throw error;
    }
  }

  private async requireCompany(code: string, lang: Language): Promise<void> {
    if (!(await this.companies.existing([code])).has(code))
      throw this.fail(400, lang, 'unknownCompany', { company: code });
  }

  // ------------------------------------------------------------ API servers

  private apiDto(row: ApiServerRow): ApiServer {
    return {
      sid: row.sid,
      companycode: row.company_code,
      companyname: row.company_name ?? '',
      api_serverid: row.api_server_id,
      api_url_callfunction: row.api_url,
      api_username: row.api_username,
      has_password: row.api_password_enc !== null,
    };
  }

  async listApiServers(identity: Identity, query: ApiServerListQuery, lang: Language) {
    const codes = scopeCodes(identity, query.company_code);
    if (query.api_server_id !== undefined && query.api_server_id !== '') {
      const rows = await this.repo.findApiServers(query.api_server_id, codes);
      if (!rows.length)
        throw this.fail(404, lang, 'apiServerNotFound', {
          id: query.api_server_id,
          company: query.company_code ?? '',
        });
      return { result_list: rows.map((r) => this.apiDto(r)), total_count: rows.length };
    }
    const { rows, total } = await this.repo.listApiServers({
      codes,
      sid: query.sid,
      ...paging(query.page, query.page_size),
    });
    return { result_list: rows.map((r) => this.apiDto(r)), total_count: total };
  }

  private apiSlot(company: string, id: string): SecretSlot {
    return { table: 'api_servers', company, id, column: 'api_password_enc' };
  }

  async saveApiServer(
    body: ApiServerWrite,
    mode: 'add' | 'edit',
    username: string,
    lang: Language,
  ): Promise<AuditDetails> {
    const company = body.companycode;
    const id = body.api_serverid;
    const before = await this.repo.getApiServer(company, id);
    const now = this.clock.now();
    const sealed = given(body.api_password)
      ? this.box.seal(body.api_password, this.apiSlot(company, id))
      : undefined;
    const after = {
      sid: body.sid ?? before?.sid ?? DEFAULT_SID,
      company_code: company,
      api_server_id: id,
      api_url: body.api_url_callfunction,
      api_username: body.api_username,
    };
    if (mode === 'add') {
      if (!sealed) throw this.fail(400, lang, 'apiServerRequired');
      await this.requireCompany(company, lang);
      const inserted = await this.repo.insertApiServer({
        ...after,
        api_password_enc: sealed,
        created_at: now,
        updated_at: now,
        updated_by: username,
      });
      if (!inserted) throw this.fail(409, lang, 'apiServerDuplicate', { id, company });
    } else {
      if (!before) throw this.fail(404, lang, 'apiServerNotFound', { id, company });
      await this.repo.updateApiServer({
        ...after,
        api_password_enc: sealed ?? before.api_password_enc,
        updated_at: now,
        updated_by: username,
      });
    }
    return {
      before: before ? this.apiDto(before) : undefined,
      after: { ...after, api_url_callfunction: after.api_url, api_url: undefined },
      password_changed: Boolean(sealed),
    };
  }

  async deleteApiServer(company: string, id: string, lang: Language): Promise<AuditDetails> {
    const before = await this.repo.getApiServer(company, id);
    if (!before || !(await this.repo.deleteApiServer(company, id)))
      throw this.fail(404, lang, 'apiServerNotFound', { id, company });
    return { before: this.apiDto(before) };
  }

  // ------------------------------------------------------------ sFTP servers

  private sftpDto(row: SftpServerRow): SftpServer {
    return {
      sid: row.sid,
      companycode: row.company_code,
      sftp_server_id: row.sftp_server_id,
      sftp_ip: row.host,
      sftp_port: Number(row.port),
      sftp_username: row.username,
      has_password: row.password_enc !== null,
      has_private_key: row.private_key_enc !== null,
      privatekey_path: row.privatekey_path,
    };
  }

  private sftpSlot(company: string, id: string, column: 'password_enc' | 'private_key_enc'): SecretSlot {
    return { table: 'sftp_servers', company, id, column };
  }

  async listSftpServers(identity: Identity, query: SftpServerListQuery, lang: Language) {
    const codes = scopeCodes(identity, query.company_code);
    const id = query.sftp_server_id === '' ? undefined : query.sftp_server_id;
    const { rows, total } = await this.repo.listSftpServers(
      { codes, sid: query.sid, ...paging(query.page, query.page_size) },
      id,
    );
    if (id !== undefined && total === 0)
      throw this.fail(404, lang, 'sftpServerNotFound', { id, company: query.company_code ?? '' });
    return { result_list: rows.map((r) => this.sftpDto(r)), total_count: total };
  }

  async saveSftpServer(
    body: SftpServerWrite,
    mode: 'add' | 'edit',
    username: string,
    lang: Language,
  ): Promise<AuditDetails> {
    const company = body.companycode;
    const id = body.sftp_server_id;
    if (given(body.private_key) && !isUsablePrivateKey(body.private_key))
      throw this.fail(400, lang, 'sftpPrivateKeyInvalid');
    const before = await this.repo.getSftpServer(company, id);
    const now = this.clock.now();
    const password = given(body.sftp_password)
      ? this.box.seal(body.sftp_password, this.sftpSlot(company, id, 'password_enc'))
      : undefined;
    const privateKey = given(body.private_key)
      ? this.box.seal(body.private_key, this.sftpSlot(company, id, 'private_key_enc'))
      : undefined;
    const after = {
      sid: body.sid ?? before?.sid ?? DEFAULT_SID,
      company_code: company,
      sftp_server_id: id,
      host: body.sftp_ip,
      port: body.sftp_port ?? DEFAULT_SFTP_PORT,
      username: body.sftp_username,
      privatekey_path: body.privatekey_path ?? before?.privatekey_path ?? '',
    };
    if (mode === 'add') {
      if (!password && !privateKey) throw this.fail(400, lang, 'sftpServerRequired');
      await this.requireCompany(company, lang);
      const inserted = await this.repo.insertSftpServer({
        ...after,
        password_enc: password ?? null,
        private_key_enc: privateKey ?? null,
        created_at: now,
        updated_at: now,
        updated_by: username,
      });
      if (!inserted) throw this.fail(409, lang, 'sftpServerDuplicate', { id, company });
    } else {
      if (!before) throw this.fail(404, lang, 'sftpServerNotFound', { id, company });
      await this.repo.updateSftpServer({
        ...after,
        password_enc: password ?? before.password_enc,
        private_key_enc: privateKey ?? before.private_key_enc,
        updated_at: now,
        updated_by: username,
      });
    }
    return {
      before: before ? this.sftpDto(before) : undefined,
      after: {
        sid: after.sid,
        companycode: company,
        sftp_server_id: id,
        sftp_ip: after.host,
        sftp_port: after.port,
        sftp_username: after.username,
        privatekey_path: after.privatekey_path,
      },
      password_changed: Boolean(password),
      private_key_changed: Boolean(privateKey),
    };
  }

  async deleteSftpServer(company: string, id: string, lang: Language): Promise<AuditDetails> {
    const before = await this.repo.getSftpServer(company, id);
    if (!before || !(await this.repo.deleteSftpServer(company, id)))
      throw this.fail(404, lang, 'sftpServerNotFound', { id, company });
    return { before: this.sftpDto(before) };
  }

  // ------------------------------------------------------------ DMS servers

  private dmsDto(row: DmsServerRow): DmsServer {
    return {
      sid: row.sid,
      companycode: row.company_code,
      dms_serverid: row.dms_server_id,
      dms_url: row.dms_url,
      has_token: row.dms_token_enc !== null,
    };
  }

  async listDmsServers(identity: Identity, query: DmsServerListQuery, lang: Language) {
    const codes = scopeCodes(identity, query.company_code);
    const id = query.dms_serverid === '' ? undefined : query.dms_serverid;
    const { rows, total } = await this.repo.listDmsServers(
      { codes, sid: query.sid, ...paging(query.page, query.size ?? query.page_size) },
      id,
    );
    if (id !== undefined && total === 0)
      throw this.fail(404, lang, 'dmsServerNotFound', { id, company: query.company_code ?? '' });
    return { result_list: rows.map((r) => this.dmsDto(r)), total_count: total };
  }

  async saveDmsServer(
    body: DmsServerWrite,
    mode: 'add' | 'edit',
    username: string,
    lang: Language,
  ): Promise<AuditDetails> {
    const company = body.companycode;
    const id = body.dms_serverid;
    const before = await this.repo.getDmsServer(company, id);
    const now = this.clock.now();
    const token = given(body.dms_token)
      ? this.box.seal(body.dms_token, { table: 'dms_servers', company, id, column: 'dms_token_enc' })
      : undefined;
    const after = {
      sid: body.sid ?? before?.sid ?? DEFAULT_SID,
      company_code: company,
      dms_server_id: id,
      dms_url: body.dms_url ?? before?.dms_url ?? '',
    };
    if (mode === 'add') {
      await this.requireCompany(company, lang);
      const inserted = await this.repo.insertDmsServer({
        ...after,
        dms_token_enc: token ?? null,
        created_at: now,
        updated_at: now,
        updated_by: username,
      });
      if (!inserted) throw this.fail(409, lang, 'dmsServerDuplicate', { id, company });
    } else {
      if (!before) throw this.fail(404, lang, 'dmsServerNotFound', { id, company });
      await this.repo.updateDmsServer({
        ...after,
        dms_token_enc: token ?? before.dms_token_enc,
        updated_at: now,
        updated_by: username,
      });
    }
    return {
      before: before ? this.dmsDto(before) : undefined,
      after: { sid: after.sid, companycode: company, dms_serverid: id, dms_url: after.dms_url },
      token_changed: Boolean(token),
    };
  }

  async deleteDmsServer(company: string, id: string, lang: Language): Promise<AuditDetails> {
    const before = await this.repo.getDmsServer(company, id);
    if (!before || !(await this.repo.deleteDmsServer(company, id)))
      throw this.fail(404, lang, 'dmsServerNotFound', { id, company });
    return { before: this.dmsDto(before) };
  }

  // ------------------------------------------------------------ E-mail content

  async emailContents(company: string): Promise<{ result_list: EmailContent[]; total_count: number }> {
    const rows = await this.repo.emailContents(company);
    const byCondition = new Map(rows.map((r) => [r.condition, r]));
    const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    const result_list = EMAIL_CONDITIONS.map((condition) => {
      const row = byCondition.get(condition);
      return {
        sid: row?.sid ?? DEFAULT_SID,
        company_code: company,
        condition,
        content_subject: b64(row?.content_subject ?? ''),
        content_body: b64(row?.content_body ?? ''),
      };
    });
    return { result_list, total_count: result_list.length };
  }

  async saveEmailContents(
    company: string,
    items: EmailContentSave,
    username: string,
    lang: Language,
  ): Promise<AuditDetails> {
    const seen = new Set<string>();
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const decode = (value: string, field: string, condition: string, max: number) => {
      const bytes = Buffer.from(value, 'base64');
      let text: string;
      try {
        text = decoder.decode(bytes);
      } catch {
        throw this.fail(400, lang, 'emailContentInvalid', { field, condition });
      }
      if (bytes.toString('base64').replace(/=+$/, '') !== value.replace(/=+$/, ''))
        throw this.fail(400, lang, 'emailContentInvalid', { field, condition });
      if (text.length > max) throw this.fail(400, lang, 'emailContentTooLong', { field, condition, max });
      return text;
    };
    const now = this.clock.now();
    const rows = items.map((item) => {
      if (item.company_code !== undefined && item.company_code !== company)
        throw this.fail(400, lang, 'emailContentCompanyMismatch', { company });
      if (seen.has(item.condition))
        throw this.fail(400, lang, 'emailContentDuplicate', { condition: item.condition });
      seen.add(item.condition);
      return {
        company_code: company,
        condition: item.condition,
        sid: item.sid ?? DEFAULT_SID,
        content_subject: decode(item.content_subject, 'content_subject', item.condition, EMAIL_SUBJECT_MAX),
        content_body: decode(item.content_body, 'content_body', item.condition, EMAIL_BODY_MAX),
        updated_at: now,
        updated_by: username,
      };
    });
    await this.requireCompany(company, lang);
    const before = await this.repo.emailContents(company);
    await this.repo.saveEmailContents(rows);
    const summary = (r: { condition: string; content_subject: string; content_body: string }) => ({
      condition: r.condition,
      content_subject: r.content_subject,
      content_body_length: r.content_body.length,
    });
    return {
      before: before.filter((r) => seen.has(r.condition)).map(summary),
      after: rows.map(summary),
    };
  }

  // ------------------------------------------------------------ Connection tests

  async testSftp(body: SftpTestRequest, lang: Language): Promise<SftpTestResponse> {
    let host = body.host;
    let port = body.port;
    let username = body.username === '' ? undefined : body.username;
    let password = given(body.password) ? body.password : undefined;
    let privateKey = given(body.private_key) ? body.private_key : undefined;
    if (body.sftp_server_id && body.company_code) {
      const company = body.company_code;
      const id = body.sftp_server_id;
      const stored = await this.repo.getSftpServer(company, id);
      if (!stored) throw this.fail(404, lang, 'sftpServerNotFound', { id, company });
      if (!password && !privateKey) {
        const sameAddress =
          (host === undefined || host === stored.host) &&
          (port === undefined || port === Number(stored.port)) &&
          (username === undefined || username === stored.username);
        if (!sameAddress) throw this.fail(400, lang, 'testAddressChanged');
        password = this.open(stored.password_enc, this.sftpSlot(company, id, 'password_enc'), lang);
        privateKey = this.open(stored.private_key_enc, this.sftpSlot(company, id, 'private_key_enc'), lang);
      }
      host ??= stored.host;
      port ??= Number(stored.port);
      username ??= stored.username;
    }
    if (!host || !username || (!password && !privateKey)) throw this.fail(400, lang, 'sftpTestRequired');
    if (privateKey && !isUsablePrivateKey(privateKey)) throw this.fail(400, lang, 'sftpPrivateKeyInvalid');
    try {
      const entries = await testSftpConnection({
        host,
        port: port ?? DEFAULT_SFTP_PORT,
        username,
        password,
        privateKey,
      });
      return { message: message(lang, 'sftpTestOk'), entries };
    } catch (error) {
      if (error instanceof ConnectionTestError) throw this.fail(422, lang, error.key, error.values);
      throw error;
    }
  }

  async testFunctionServer(body: FappTestRequest, lang: Language): Promise<FappTestResponse> {
    let url = body.apiUrl === '' ? undefined : body.apiUrl;
    let username = body.username === '' ? undefined : body.username;
    let password = given(body.password) ? body.password : undefined;
    if (body.api_server_id && body.company_code) {
      const company = body.company_code;
      const id = body.api_server_id;
      const stored = await this.repo.getApiServer(company, id);
      if (!stored) throw this.fail(404, lang, 'apiServerNotFound', { id, company });
      if (!password) {
        const sameAddress =
          (url === undefined || url === stored.api_url) &&
          (username === undefined || username === stored.api_username);
        if (!sameAddress) throw this.fail(400, lang, 'testAddressChanged');
        password = this.open(stored.api_password_enc, this.apiSlot(company, id), lang);
      }
      url ??= stored.api_url;
      username ??= stored.api_username;
    }
    if (!url || !username || !password) throw this.fail(400, lang, 'fappTestRequired');
    try {
      const info = await fetchFunctionServerInfo({ url, username, password });
      return {
        message: message(lang, 'fappTestOk'),
        percentTotalCPUUsage: info.percentTotalCPUUsage,
        percentProcessCPUUsage: info.percentProcessCPUUsage,
        megaByteTotalMemory: info.megaByteTotalMemory,
        megaByteFreeMemory: info.megaByteFreeMemory,
        megaByteProcessMemoryUsage: info.megaByteProcessMemoryUsage,
        serverVersion: info.serverVersion,
        serverOS: info.serverOS,
        serverTime: info.serverTime,
        serverSession: info.serverSession,
        functionUsage: info.functionUsage,
        clientUUID: info.clientUUID,
      };
    } catch (error) {
      if (error instanceof ConnectionTestError) throw this.fail(422, lang, error.key, error.values);
      throw error;
    }
  }
}
