import {
  DEFAULT_SFTP_PORT,
  type FappTestRequest,
  type FappTestResponse,
  type SftpTestRequest,
  type SftpTestResponse,
} from '@lis/contracts';
import type { PeerClients } from '../../adapters/peer-clients.js';
import type { SecretBox } from '../secrets/secret-box.js';
import { keyed, type KeyedMessage } from '../../i18n/messages.js';
import { apiPasswordSlot } from './api-server.service.js';
import { given, openSealed } from './config-secrets.js';
import {
  ConnectionTestError,
  fetchFunctionServerInfo,
  isUsablePrivateKey,
  testSftpConnection,
  type FunctionServerTarget,
  type SftpTarget,
} from './connection-test.js';
import type { ServerConfigRepository } from './server-config.repository.js';
import { sftpSecretSlot } from './sftp-server.service.js';
import { invalid, notFound, unprocessable } from '../../platform/domain-error.js';

/** An answer whose message the route renders in the caller's language. */
type WithKeyedMessage<T extends { message: string }> = Omit<T, 'message'> & { message: KeyedMessage };

/**
 * Tries an sFTP or function server with the credentials typed in, or with the stored ones when
 * a saved server is named and its address is unchanged.
 */
export class ConnectionTestService {
  constructor(
    private readonly repo: ServerConfigRepository,
    private readonly box: SecretBox,
    private readonly peers: Pick<PeerClients, 'ssh' | 'functionServer'>,
  ) {}

  /** A saved sFTP server's address with its secrets opened, for checks made on the admin's behalf. */
  async storedSftpTarget(company: string, id: string): Promise<SftpTarget> {
    const stored = await this.repo.getSftpServer(company, id);
    if (!stored) throw notFound('SFTP_SERVER_NOT_FOUND', 'sftpServerNotFound', { id, company });
    return {
      host: stored.host,
      port: Number(stored.port),
      username: stored.username,
      ...this.openSftpSecrets(stored, company, id),
    };
  }

  /** A saved API server's URL and credentials with the password opened. */
  async storedApiTarget(company: string, id: string): Promise<FunctionServerTarget> {
    const stored = await this.repo.getApiServer(company, id);
    if (!stored) throw notFound('API_SERVER_NOT_FOUND', 'apiServerNotFound', { id, company });
    const password = openSealed(this.box, stored.api_password_enc, apiPasswordSlot(company, id));
    return { url: stored.api_url, username: stored.api_username, password: password ?? '' };
  }

  private openSftpSecrets(
    stored: { password_enc: string | null; private_key_enc: string | null },
    company: string,
    id: string,
  ) {
    return {
      password: openSealed(this.box, stored.password_enc, sftpSecretSlot(company, id, 'password_enc')),
      privateKey: openSealed(
        this.box,
        stored.private_key_enc,
        sftpSecretSlot(company, id, 'private_key_enc'),
      ),
    };
  }

  async testSftp(body: SftpTestRequest): Promise<WithKeyedMessage<SftpTestResponse>> {
    let host = body.host;
    let port = body.port;
    let username = body.username === '' ? undefined : body.username;
    let password = given(body.password) ? body.password : undefined;
    let privateKey = given(body.private_key) ? body.private_key : undefined;
    if (body.sftp_server_id && body.company_code) {
      const company = body.company_code;
      const id = body.sftp_server_id;
      const stored = await this.repo.getSftpServer(company, id);
      if (!stored) throw notFound('SFTP_SERVER_NOT_FOUND', 'sftpServerNotFound', { id, company });
      if (!password && !privateKey) {
        const sameAddress =
          (host === undefined || host === stored.host) &&
          (port === undefined || port === Number(stored.port)) &&
          (username === undefined || username === stored.username);
        if (!sameAddress) throw invalid('TEST_ADDRESS_CHANGED', 'testAddressChanged');
        ({ password, privateKey } = this.openSftpSecrets(stored, company, id));
      }
      host ??= stored.host;
      port ??= Number(stored.port);
      username ??= stored.username;
    }
    if (!host || !username || (!password && !privateKey))
      throw invalid('SFTP_TEST_FIELDS_MISSING', 'sftpTestRequired');
    if (privateKey && !isUsablePrivateKey(privateKey))
      throw invalid('SFTP_PRIVATE_KEY_INVALID', 'sftpPrivateKeyInvalid');
    try {
      const entries = await testSftpConnection(this.peers, {
        host,
        port: port ?? DEFAULT_SFTP_PORT,
        username,
        password,
        privateKey,
      });
      return { message: keyed('sftpTestOk'), entries };
    } catch (error) {
      if (error instanceof ConnectionTestError)
        throw unprocessable('SFTP_TEST_FAILED', error.key, error.values);
      throw error;
    }
  }

  async testFunctionServer(body: FappTestRequest): Promise<WithKeyedMessage<FappTestResponse>> {
    let url = body.apiUrl === '' ? undefined : body.apiUrl;
    let username = body.username === '' ? undefined : body.username;
    let password = given(body.password) ? body.password : undefined;
    if (body.api_server_id && body.company_code) {
      const company = body.company_code;
      const id = body.api_server_id;
      const stored = await this.repo.getApiServer(company, id);
      if (!stored) throw notFound('API_SERVER_NOT_FOUND', 'apiServerNotFound', { id, company });
      if (!password) {
        const sameAddress =
          (url === undefined || url === stored.api_url) &&
          (username === undefined || username === stored.api_username);
        if (!sameAddress) throw invalid('TEST_ADDRESS_CHANGED', 'testAddressChanged');
        password = openSealed(this.box, stored.api_password_enc, apiPasswordSlot(company, id));
      }
      url ??= stored.api_url;
      username ??= stored.api_username;
    }
    if (!url || !username || !password) throw invalid('API_SERVER_TEST_FIELDS_MISSING', 'fappTestRequired');
    try {
      const info = await fetchFunctionServerInfo(this.peers, { url, username, password });
      return {
        message: keyed('fappTestOk'),
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
      if (error instanceof ConnectionTestError)
        throw unprocessable('API_SERVER_TEST_FAILED', error.key, error.values);
      throw error;
    }
  }
}
