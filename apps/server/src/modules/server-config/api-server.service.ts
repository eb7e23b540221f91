import {
  DEFAULT_API_TIMEOUT_SECONDS,
  DEFAULT_SID,
  type ApiServer,
  type ApiServerListQuery,
  type ApiServerWrite,
} from '@lis/contracts';
import type { Identity } from '../access/access.js';
import type { CompanyRepository } from '../companies/company.repository.js';
import type { SecretBox, SecretSlot } from '../secrets/secret-box.js';
import type { Clock } from '../../platform/clock.js';
import { paging, requireCompany, scopeCodes } from './config-scope.js';
import { requireSecretForNewAddress, sealGiven, type AuditDetails } from './config-secrets.js';
import type { ApiServerRow, ServerConfigRepository } from './server-config.repository.js';
import { invalid, notFound, conflict } from '../../platform/domain-error.js';

/** Where an API server's password is sealed. */
export function apiPasswordSlot(company: string, id: string): SecretSlot {
  return { table: 'api_servers', company, id, column: 'api_password_enc' };
}

function apiServerDto(row: ApiServerRow): ApiServer {
  return {
    sid: row.sid,
    companycode: row.company_code,
    companyname: row.company_name ?? '',
    api_serverid: row.api_server_id,
    api_url_callfunction: row.api_url,
    api_username: row.api_username,
    has_password: row.api_password_enc !== null,
    api_timeout_seconds: Number(row.api_timeout_seconds),
  };
}

/** API (function) servers of a company, with their passwords sealed. */
export class ApiServerService {
  constructor(
    private readonly repo: ServerConfigRepository,
    private readonly companies: CompanyRepository,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  async list(identity: Identity, query: ApiServerListQuery) {
    const codes = scopeCodes(identity, query.company_code);
    if (query.api_server_id !== undefined && query.api_server_id !== '') {
      const rows = await this.repo.findApiServers(query.api_server_id, codes);
      if (!rows.length)
        throw notFound('API_SERVER_NOT_FOUND', 'apiServerNotFound', {
          id: query.api_server_id,
          company: query.company_code ?? '',
        });
      return { result_list: rows.map(apiServerDto), total_count: rows.length };
    }
    const { rows, total } = await this.repo.listApiServers({
      codes,
      sid: query.sid,
      ...paging(query.page, query.page_size),
    });
    return { result_list: rows.map(apiServerDto), total_count: total };
  }

  async save(body: ApiServerWrite, mode: 'add' | 'edit', username: string): Promise<AuditDetails> {
    const company = body.companycode;
    const id = body.api_serverid;
    const before = await this.repo.getApiServer(company, id);
    const now = this.clock.now();
    const sealed = sealGiven(this.box, body.api_password, apiPasswordSlot(company, id));
    const after = {
      sid: body.sid ?? before?.sid ?? DEFAULT_SID,
      company_code: company,
      api_server_id: id,
      api_url: body.api_url_callfunction,
      api_username: body.api_username,
      // A client that predates the field keeps the stored limit (edit) or gets the default (add).
      api_timeout_seconds:
        body.api_timeout_seconds ??
        (before ? Number(before.api_timeout_seconds) : DEFAULT_API_TIMEOUT_SECONDS),
    };
    if (mode === 'add') {
      if (!sealed) throw invalid('API_SERVER_FIELDS_MISSING', 'apiServerRequired');
      await requireCompany(this.companies, company);
      const inserted = await this.repo.insertApiServer({
        ...after,
        api_password_enc: sealed,
        created_at: now,
        updated_at: now,
        updated_by: username,
      });
      if (!inserted) throw conflict('API_SERVER_ID_TAKEN', 'apiServerDuplicate', { id, company });
    } else {
      if (!before) throw notFound('API_SERVER_NOT_FOUND', 'apiServerNotFound', { id, company });
      requireSecretForNewAddress(
        after.api_url !== before.api_url || after.api_username !== before.api_username,
        before.api_password_enc !== null,
        Boolean(sealed),
        'apiPasswordAgain',
      );
      await this.repo.updateApiServer({
        ...after,
        api_password_enc: sealed ?? before.api_password_enc,
        updated_at: now,
        updated_by: username,
      });
    }
    return {
      before: before ? apiServerDto(before) : undefined,
      after: { ...after, api_url_callfunction: after.api_url, api_url: undefined },
      password_changed: Boolean(sealed),
    };
  }

  async delete(company: string, id: string): Promise<AuditDetails> {
    const before = await this.repo.getApiServer(company, id);
    if (!before || !(await this.repo.deleteApiServer(company, id)))
      throw notFound('API_SERVER_NOT_FOUND', 'apiServerNotFound', { id, company });
    return { before: apiServerDto(before) };
  }
}
