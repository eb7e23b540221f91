import {
  DEFAULT_SFTP_PORT,
  DEFAULT_SID,
  type SftpServer,
  type SftpServerListQuery,
  type SftpServerWrite,
} from '@lis/contracts';
import type { Identity } from '../access/access.js';
import type { CompanyRepository } from '../companies/company.repository.js';
import type { SecretBox, SecretSlot } from '../secrets/secret-box.js';
import type { Clock } from '../../platform/clock.js';
import { paging, requireCompany, scopeCodes } from './config-scope.js';
import { given, requireSecretForNewAddress, sealGiven, type AuditDetails } from './config-secrets.js';
import { isUsablePrivateKey } from './connection-test.js';
import type { ServerConfigRepository, SftpServerRow } from './server-config.repository.js';
import { invalid, notFound, conflict } from '../../platform/domain-error.js';

/** Where an sFTP server's password or private key is sealed. */
export function sftpSecretSlot(
  company: string,
  id: string,
  column: 'password_enc' | 'private_key_enc',
): SecretSlot {
  return { table: 'sftp_servers', company, id, column };
}

function sftpServerDto(row: SftpServerRow): SftpServer {
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

const REQUIRED_FIELDS: [field: string, label: string][] = [
  ['companycode', 'Company Code (companycode)'],
  ['sftp_server_id', 'sFTP Server ID (sftp_server_id)'],
  ['sftp_ip', 'sFTP IP (sftp_ip)'],
  ['sftp_username', 'sFTP Username (sftp_username)'],
];
const SECRET_LABEL = 'sFTP Password or Private Key (sftp_password, private_key)';
const blank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The required fields of an sFTP server add/edit that are blank or absent, as "label (field)": an add
 * needs a password or a private key too; an edit keeps the stored ones.
 */
export function missingSftpFields(body: unknown, mode: 'add' | 'edit'): string[] {
  const record = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const missing = REQUIRED_FIELDS.filter(([field]) => blank(record[field])).map(([, label]) => label);
  if (mode === 'add' && blank(record.sftp_password) && blank(record.private_key)) missing.push(SECRET_LABEL);
  return missing;
}

/** sFTP servers of a company, with their passwords and private keys sealed. */
export class SftpServerService {
  constructor(
    private readonly repo: ServerConfigRepository,
    private readonly companies: CompanyRepository,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  async list(identity: Identity, query: SftpServerListQuery) {
    const codes = scopeCodes(identity, query.company_code);
    const id = query.sftp_server_id === '' ? undefined : query.sftp_server_id;
    const { rows, total } = await this.repo.listSftpServers(
      { codes, sid: query.sid, ...paging(query.page, query.page_size) },
      id,
    );
    if (id !== undefined && total === 0)
      throw notFound('SFTP_SERVER_NOT_FOUND', 'sftpServerNotFound', {
        id,
        company: query.company_code ?? '',
      });
    return { result_list: rows.map(sftpServerDto), total_count: total };
  }

  async save(body: SftpServerWrite, mode: 'add' | 'edit', username: string): Promise<AuditDetails> {
    const company = body.companycode;
    const id = body.sftp_server_id;
    if (given(body.private_key) && !isUsablePrivateKey(body.private_key))
      throw invalid('SFTP_PRIVATE_KEY_INVALID', 'sftpPrivateKeyInvalid');
    const before = await this.repo.getSftpServer(company, id);
    const now = this.clock.now();
    const password = sealGiven(this.box, body.sftp_password, sftpSecretSlot(company, id, 'password_enc'));
    const privateKey = sealGiven(this.box, body.private_key, sftpSecretSlot(company, id, 'private_key_enc'));
    const after = {
      sid: body.sid ?? before?.sid ?? DEFAULT_SID,
      company_code: company,
      sftp_server_id: id,
      host: body.sftp_ip,
      port: body.sftp_port ?? DEFAULT_SFTP_PORT,
      username: body.sftp_username,
      privatekey_path: body.privatekey_path ?? before?.privatekey_path ?? '',
    };
    const moved =
      before !== undefined &&
      (after.host !== before.host ||
        Number(after.port) !== Number(before.port) ||
        after.username !== before.username);
    if (mode === 'add') {
      if (!password && !privateKey)
        throw invalid('SFTP_SERVER_FIELDS_MISSING', 'sftpServerRequired', { fields: SECRET_LABEL });
      await requireCompany(this.companies, company);
      const inserted = await this.repo.insertSftpServer({
        ...after,
        password_enc: password ?? null,
        private_key_enc: privateKey ?? null,
        created_at: now,
        updated_at: now,
        updated_by: username,
      });
      if (!inserted) throw conflict('SFTP_SERVER_ID_TAKEN', 'sftpServerDuplicate', { id, company });
    } else {
      if (!before) throw notFound('SFTP_SERVER_NOT_FOUND', 'sftpServerNotFound', { id, company });
      requireSecretForNewAddress(
        moved,
        before.password_enc !== null || before.private_key_enc !== null,
        Boolean(password ?? privateKey),
        'sftpSecretAgain',
      );
      // At a new address only the secrets typed with it are kept: a stored one not typed again is dropped.
      await this.repo.updateSftpServer({
        ...after,
        password_enc: password ?? (moved ? null : before.password_enc),
        private_key_enc: privateKey ?? (moved ? null : before.private_key_enc),
        updated_at: now,
        updated_by: username,
      });
    }
    return {
      before: before ? sftpServerDto(before) : undefined,
      after: {
        sid: after.sid,
        companycode: company,
        sftp_server_id: id,
        sftp_ip: after.host,
        sftp_port: after.port,
        sftp_username: after.username,
        privatekey_path: after.privatekey_path,
      },
      password_changed: Boolean(password) || (moved && Boolean(before?.password_enc)),
      private_key_changed: Boolean(privateKey) || (moved && Boolean(before?.private_key_enc)),
    };
  }

  async delete(company: string, id: string): Promise<AuditDetails> {
    const before = await this.repo.getSftpServer(company, id);
    if (!before || !(await this.repo.deleteSftpServer(company, id)))
      throw notFound('SFTP_SERVER_NOT_FOUND', 'sftpServerNotFound', { id, company });
    return { before: sftpServerDto(before) };
  }
}
