import { posix } from 'node:path';
import {
  type JobConnectionCheck,
  type JobConnectionCheckKey,
  type JobConnectionTestRequest,
  type SftpFolderRequest,
  type SftpFolderResponse,
  type SftpPathCheckResponse,
} from '@lis/contracts';
import { RemoteCallError } from '../../adapters/function-server/index.js';
import type { PeerClients } from '../../adapters/peer-clients.js';
import { keyed, type KeyedMessage } from '../../i18n/messages.js';
import {
  DomainError,
  httpStatusOf,
  invalid,
  notFound,
  peerFailed,
  peerTimeout,
  unprocessable,
} from '../../platform/domain-error.js';
import {
  ConnectionTestError,
  fetchFunctionServerInfo,
  withSftpSession,
} from '../server-config/connection-test.js';
import type { ConnectionTestService } from '../server-config/connection-test.service.js';
import { isAbsoluteRemotePath } from '../job-config/job-config.service.js';
import { listRemoteFolders, remoteFolderExists, RemoteFolderError } from './remote-folders.js';

/** A tile: its status and its message, rendered in the caller's language by the route. */
export type Check = Omit<JobConnectionCheck, 'key' | 'message'> & { message: KeyedMessage };
export type CheckResponse = { result_list: (Check & Pick<JobConnectionCheck, 'key'>)[] };
export type PathCheck = Omit<SftpPathCheckResponse, 'message'> & { message: KeyedMessage };

/** A remote path as the admin typed it, normalised ('/a//b/' → '/a/b'); `..` and control characters refused. */
function remotePath(path: string): string {
  if (!isAbsoluteRemotePath(path)) throw invalid('REMOTE_PATH_INVALID', 'remotePathInvalid');
  const normalised = posix.normalize(path);
  return normalised.length > 1 && normalised.endsWith('/') ? normalised.slice(0, -1) : normalised;
}

/** A failure while talking to a remote server, as a domain error. */
function refusal(error: unknown, server: string): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof ConnectionTestError)
    return peerFailed('REMOTE_CONNECTION_FAILED', error.key, error.values);
  if (error instanceof RemoteFolderError) {
    const values = { path: error.path, server, reason: error.reason };
    if (error.kind === 'missing') return notFound('REMOTE_FOLDER_NOT_FOUND', 'remoteFolderMissing', values);
    if (error.kind === 'not-folder') return invalid('REMOTE_PATH_NOT_FOLDER', 'remoteNotFolder', values);
    if (error.kind === 'denied') return unprocessable('REMOTE_FOLDER_DENIED', 'remoteFolderDenied', values);
    return unprocessable('REMOTE_FOLDER_FAILED', 'remoteFolderFailed', values);
  }
  if (error instanceof RemoteCallError) {
    const text = { text: error.message.slice(0, 300) };
    return error.code === 'TIMEOUT'
      ? peerTimeout('FUNCTION_SERVER_TIMEOUT', 'textAsGiven', text)
      : peerFailed('FUNCTION_SERVER_FAILED', 'textAsGiven', text);
  }
  throw error;
}

/** The tile for a failure while talking to a remote server. */
function failure(error: unknown, server: string): Check {
  const refused = refusal(error, server);
  return { status: httpStatusOf(refused.code), message: keyed(refused.key, refused.params) };
}

/**
 * The job modal's helpers (spec 001 §2, §4, §5): the remote folder tree, the path check and the
 * six-tile Test Connection, each a real check against the saved servers of the job's company.
 */
export class JobToolsService {
  constructor(
    private readonly tests: ConnectionTestService,
    private readonly peers: Pick<PeerClients, 'ssh' | 'functionServer'>,
  ) {}

  async folders(request: SftpFolderRequest): Promise<SftpFolderResponse> {
    const path = remotePath(request.path);
    const server = request.sftp_server_id;
    const target = await this.tests.storedSftpTarget(request.company_code, server);
    try {
      const listed = await withSftpSession(this.peers, target, (sftp) => listRemoteFolders(sftp, path));
      return { result_list: listed.folders, truncated: listed.truncated };
    } catch (error) {
      throw refusal(error, server);
    }
  }

  async existPath(request: SftpFolderRequest): Promise<PathCheck> {
    const path = remotePath(request.path);
    const server = request.sftp_server_id;
    const target = await this.tests.storedSftpTarget(request.company_code, server);
    try {
      const exists = await withSftpSession(this.peers, target, (sftp) => remoteFolderExists(sftp, path));
      return {
        exists,
        is_directory: exists,
        message: keyed(exists ? 'remoteFolderExists' : 'remoteFolderMissing', { path, server }),
      };
    } catch (error) {
      if (error instanceof RemoteFolderError && error.kind === 'not-folder')
        return { exists: true, is_directory: false, message: failure(error, server).message };
      throw refusal(error, server);
    }
  }

  /** Every check of the form at once; each tile says 200 or why not. Nothing is saved or changed. */
  async testJobConnection(request: JobConnectionTestRequest): Promise<CheckResponse> {
    const company = request.companycode;
    const type = request.legacytype;
    const [api, source, destination] = await Promise.all([
      this.apiChecks(request),
      type === 'PULL_WAIT'
        ? undefined
        : type === 'OUT_WAIT'
          ? this.notUsed(type)
          : this.sftpChecks(company, request.sftp_source_server_id, request.sftp_source_path, 'source'),
      type === 'PULL_WAIT'
        ? undefined
        : this.sftpChecks(company, request.sftp_return_server_id, request.sftp_return_path, 'return'),
    ]);
    const tiles: [JobConnectionCheckKey, Check | undefined][] = [
      ['has_sftp_source_path', source?.path],
      ['has_sftp_return_path', destination?.path],
      ['api_server_connection', api.connection],
      ['sftp_source_server_connection', source?.connection],
      ['sftp_return_server_connection', destination?.connection],
      ['has_function', api.function],
    ];
    return { result_list: tiles.flatMap(([key, check]) => (check ? [{ key, ...check }] : [])) };
  }

  private notUsed(type: string): { connection: Check; path: Check } {
    const check = { status: 200, message: keyed('checkNotUsed', { type }) };
    return { connection: check, path: check };
  }

  private async sftpChecks(
    company: string,
    serverId: string | undefined,
    pathText: string | undefined,
    side: 'source' | 'return',
  ): Promise<{ connection: Check; path: Check }> {
    const pathMissing: Check = {
      status: 400,
      message: keyed(side === 'source' ? 'checkSourcePathMissing' : 'checkReturnPathMissing'),
    };
    if (!serverId) {
      const missing: Check = {
        status: 400,
        message: keyed(side === 'source' ? 'checkSourceServerMissing' : 'checkReturnServerMissing'),
      };
      return { connection: missing, path: pathText ? missing : pathMissing };
    }
    try {
      const path = pathText ? remotePath(pathText) : undefined;
      const target = await this.tests.storedSftpTarget(company, serverId);
      const where = { server: serverId, host: target.host, port: target.port };
      const connected: Check = { status: 200, message: keyed('checkSftpConnected', where) };
      // One session for both tiles; a path failure must not turn the connection tile red.
      const outcome = await withSftpSession(this.peers, target, async (sftp) => {
        if (path === undefined) return undefined;
        try {
          return { exists: await remoteFolderExists(sftp, path) };
        } catch (error) {
          return { error };
        }
      });
      if (path === undefined || outcome === undefined) return { connection: connected, path: pathMissing };
      if ('error' in outcome) return { connection: connected, path: failure(outcome.error, serverId) };
      const values = { path, server: serverId };
      return {
        connection: connected,
        path: outcome.exists
          ? { status: 200, message: keyed('remoteFolderExists', values) }
          : { status: 404, message: keyed('remoteFolderMissing', values) },
      };
    } catch (error) {
      const check = failure(error, serverId);
      return { connection: check, path: check };
    }
  }

  private async apiChecks(
    request: JobConnectionTestRequest,
  ): Promise<{ connection: Check; function: Check }> {
    const serverId = request.api_serverid;
    if (!serverId) {
      const missing = { status: 400, message: keyed('checkApiServerMissing') };
      return { connection: missing, function: missing };
    }
    const className = request.api_classname?.trim() ?? '';
    const functionName = request.api_function_name?.trim() ?? '';
    const name = `${className}.${functionName}`;
    try {
      const target = await this.tests.storedApiTarget(request.companycode, serverId);
      const [info, found] = await Promise.allSettled([
        fetchFunctionServerInfo(this.peers, target),
        className && functionName
          ? this.peers
              .functionServer({
                baseUrl: target.url,
                username: target.username,
                password: target.password,
              })
              .hasFunction(className, functionName)
          : Promise.resolve(undefined),
      ]);
      const connection: Check =
        info.status === 'fulfilled'
          ? {
              status: 200,
              message: keyed('checkApiConnected', {
                server: serverId,
                url: target.url,
                version: info.value.serverVersion,
              }),
            }
          : failure(info.reason, serverId);
      let functionCheck: Check;
      if (found.status === 'rejected') functionCheck = failure(found.reason, serverId);
      else if (found.value === undefined)
        functionCheck = { status: 400, message: keyed('checkFunctionMissing') };
      else
        functionCheck = found.value
          ? { status: 200, message: keyed('checkFunctionFound', { name, server: serverId }) }
          : { status: 404, message: keyed('checkFunctionNotFound', { name, server: serverId }) };
      return { connection, function: functionCheck };
    } catch (error) {
      const check = failure(error, serverId);
      return { connection: check, function: check };
    }
  }
}
