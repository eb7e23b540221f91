import type {
  ApiTarget,
  DmsTargetServer,
  JobConfigRow,
  NamedSftpTarget,
  PipelineJob,
  PipelineJobSource,
} from '../../engine/pipeline/pipeline-job.js';
import { JobSetupError } from '../../engine/pipeline/pipeline-job.js';
import type { SecretBox } from '../secrets/secret-box.js';
import { apiPasswordSlot } from './api-server.service.js';
import type { ServerConfigRepository } from './server-config.repository.js';
import { sftpSecretSlot } from './sftp-server.service.js';

/** Opens the servers a job names (each of the job's own company), failing with a clear message. */
export class PipelineJobLoader implements PipelineJobSource {
  constructor(
    private readonly repo: ServerConfigRepository,
    private readonly box: SecretBox,
  ) {}

  async load(config: JobConfigRow): Promise<PipelineJob> {
    const company = config.company_code;
    return {
      config,
      source: await this.sftp(company, config.sftp_source_server_id, 'source'),
      destination: await this.sftp(company, config.sftp_return_server_id, 'return'),
      api: await this.api(company, config.api_serverid),
      dms: await this.dmsServer(company, config.dms_serverid),
    };
  }

  private open(sealed: string | null, slot: Parameters<SecretBox['open']>[1]): string | undefined {
    if (sealed === null) return undefined;
    try {
      return this.box.open(sealed, slot);
    } catch {
      throw new JobSetupError(
        `the stored secret of ${slot.table} ${slot.id} cannot be read (was LIS_MASTER_KEY changed?)`,
      );
    }
  }

  private async sftp(
    company: string,
    id: string | null,
    side: 'source' | 'return',
  ): Promise<NamedSftpTarget | undefined> {
    if (!id) return undefined;
    const row = await this.repo.getSftpServer(company, id);
    if (!row) throw new JobSetupError(`the sFTP ${side} server ${id} does not exist in company ${company}`);
    return {
      serverId: id,
      host: row.host,
      port: Number(row.port),
      username: row.username,
      password: this.open(row.password_enc, sftpSecretSlot(company, id, 'password_enc')),
      privateKey: this.open(row.private_key_enc, sftpSecretSlot(company, id, 'private_key_enc')),
    };
  }

  private async api(company: string, id: string | null): Promise<ApiTarget | undefined> {
    if (!id) return undefined;
    const row = await this.repo.getApiServer(company, id);
    if (!row) throw new JobSetupError(`the API server ${id} does not exist in company ${company}`);
    return {
      serverId: id,
      url: row.api_url,
      username: row.api_username,
      password: this.open(row.api_password_enc, apiPasswordSlot(company, id)) ?? '',
      timeoutMs: Number(row.api_timeout_seconds) * 1000,
    };
  }

  private async dmsServer(company: string, id: string | null): Promise<DmsTargetServer | undefined> {
    if (!id) return undefined;
    const row = await this.repo.getDmsServer(company, id);
    if (!row) throw new JobSetupError(`the DMS server ${id} does not exist in company ${company}`);
    const slot = { table: 'dms_servers', company, id, column: 'dms_token_enc' } as const;
    return { serverId: id, url: row.dms_url, token: this.open(row.dms_token_enc, slot) ?? '' };
  }
}
