import { DEFAULT_SID, type DmsServer, type DmsServerListQuery, type DmsServerWrite } from '@lis/contracts';
import type { Identity } from '../access/access.js';
import type { CompanyRepository } from '../companies/company.repository.js';
import type { SecretBox } from '../secrets/secret-box.js';
import type { Clock } from '../../platform/clock.js';
import { paging, requireCompany, scopeCodes } from './config-scope.js';
import { requireSecretForNewAddress, sealGiven, type AuditDetails } from './config-secrets.js';
import type { DmsServerRow, ServerConfigRepository } from './server-config.repository.js';
import { notFound, conflict } from '../../platform/domain-error.js';

function dmsServerDto(row: DmsServerRow): DmsServer {
  return {
    sid: row.sid,
    companycode: row.company_code,
    dms_serverid: row.dms_server_id,
    dms_url: row.dms_url,
    has_token: row.dms_token_enc !== null,
  };
}

/** DMS servers of a company, with their tokens sealed. */
export class DmsServerService {
  constructor(
    private readonly repo: ServerConfigRepository,
    private readonly companies: CompanyRepository,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  async list(identity: Identity, query: DmsServerListQuery) {
    const codes = scopeCodes(identity, query.company_code);
    const id = query.dms_serverid === '' ? undefined : query.dms_serverid;
    const { rows, total } = await this.repo.listDmsServers(
      { codes, sid: query.sid, ...paging(query.page, query.size ?? query.page_size) },
      id,
    );
    if (id !== undefined && total === 0)
      throw notFound('DMS_SERVER_NOT_FOUND', 'dmsServerNotFound', { id, company: query.company_code ?? '' });
    return { result_list: rows.map(dmsServerDto), total_count: total };
  }

  async save(body: DmsServerWrite, mode: 'add' | 'edit', username: string): Promise<AuditDetails> {
    const company = body.companycode;
    const id = body.dms_serverid;
    const before = await this.repo.getDmsServer(company, id);
    const now = this.clock.now();
    const token = sealGiven(this.box, body.dms_token, {
      table: 'dms_servers',
      company,
      id,
      column: 'dms_token_enc',
    });
    const after = {
      sid: body.sid ?? before?.sid ?? DEFAULT_SID,
      company_code: company,
      dms_server_id: id,
      dms_url: body.dms_url ?? before?.dms_url ?? '',
    };
    if (mode === 'add') {
      await requireCompany(this.companies, company);
      const inserted = await this.repo.insertDmsServer({
        ...after,
        dms_token_enc: token ?? null,
        created_at: now,
        updated_at: now,
        updated_by: username,
      });
      if (!inserted) throw conflict('DMS_SERVER_ID_TAKEN', 'dmsServerDuplicate', { id, company });
    } else {
      if (!before) throw notFound('DMS_SERVER_NOT_FOUND', 'dmsServerNotFound', { id, company });
      requireSecretForNewAddress(
        after.dms_url !== before.dms_url,
        before.dms_token_enc !== null && before.dms_token_enc !== '',
        Boolean(token),
        'dmsTokenAgain',
      );
      await this.repo.updateDmsServer({
        ...after,
        dms_token_enc: token ?? before.dms_token_enc,
        updated_at: now,
        updated_by: username,
      });
    }
    return {
      before: before ? dmsServerDto(before) : undefined,
      after: { sid: after.sid, companycode: company, dms_serverid: id, dms_url: after.dms_url },
      token_changed: Boolean(token),
    };
  }

  async delete(company: string, id: string): Promise<AuditDetails> {
    const before = await this.repo.getDmsServer(company, id);
    if (!before || !(await this.repo.deleteDmsServer(company, id)))
      throw notFound('DMS_SERVER_NOT_FOUND', 'dmsServerNotFound', { id, company });
    return { before: dmsServerDto(before) };
  }
}
