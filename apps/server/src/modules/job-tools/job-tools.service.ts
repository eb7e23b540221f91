import { posix } from 'node:path';
import {
  type JobConnectionCheck,
  type JobConnectionCheckKey,
  type JobConnectionTestRequest,
  type JobConnectionTestResponse,
  type SftpFolderRequest,
  type SftpFolderResponse,
  type SftpPathCheckResponse,
} from '@lis/contracts';
import { FunctionServerClient, RemoteCallError } from '../../adapters/function-server/index.js';
import { HttpError } from '../../http/http-error.js';
import { message, type Language } from '../../i18n/messages.js';
import { configError } from '../server-config/config-error.js';
import {
  ConnectionTestError,
  fetchFunctionServerInfo,
  withSftpSession,
} from '../server-config/connection-test.js';
import type { ConnectionTestService } from '../server-config/connection-test.service.js';
import { isAbsoluteRemotePath } from '../job-config/job-config.service.js';
import { listRemoteFolders, remoteFolderExists, RemoteFolderError } from './remote-folders.js';

type Check = Omit<JobConnectionCheck, 'key'>;

/** A remote path as the admin typed it, normalised ('/a//b/' → '/a/b'); `..` and control characters refused. */
function remotePath(path: string, lang: Language): string {
  if (!isAbsoluteRemotePath(path)) throw configError(400, lang, 'remotePathInvalid');
  const normalised = posix.normalize(path);
  return normalised.length > 1 && normalised.endsWith('/') ? normalised.slice(0, -1) : normalised;
}

/** The tile (or HTTP answer) for a failure while talking to a remote server. */
function failure(error: unknown, lang: Language, server: string): Check {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
  if (error instanceof ConnectionTestError)
    return {
      status: error.key.endsWith('Timeout') ? 504 : 502,
      message: message(lang, error.key, error.values),
    };
  if (error instanceof RemoteFolderError) {
    const values = { path: error.path, server, reason: error.reason };
    if (error.kind === 'missing')
      return { status: 404, message: message(lang, 'remoteFolderMissing', values) };
    if (error.kind === 'not-folder')
      return { status: 400, message: message(lang, 'remoteNotFolder', values) };
    if (error.kind === 'denied') return { status: 422, message: message(lang, 'remoteFolderDenied', values) };
    return { status: 422, message: message(lang, 'remoteFolderFailed', values) };
  }
  if (error instanceof RemoteCallError)
    return { status: error.code === 'TIMEOUT' ? 504 : 502, message: error.message.slice(0, 300) };
  throw error;
}

function asHttpError(error: unknown, lang: Language, server: string): never {
  const check = failure(error, lang, server);
  throw new HttpError(check.status, check.message);
}

/**
 * The job modal's helpers (spec 001 §2, §4, §5): the remote folder tree, the path check and the
 * six-tile Test Connection, each a real check against the saved servers of the job's company.
 */
export class JobToolsService {
  constructor(private readonly tests: ConnectionTestService) {}

  async folders(request: SftpFolderRequest, lang: Language): Promise<SftpFolderResponse> {
    const path = remotePath(request.path, lang);
    const server = request.sftp_server_id;
    const target = await this.tests.storedSftpTarget(request.company_code, server, lang);
    try {
      const listed = await withSftpSession(target, (sftp) => listRemoteFolders(sftp, path));
      return { result_list: listed.folders, truncated: listed.truncated };
    } catch (error) {
      return asHttpError(error, lang, server);
    }
  }

  async existPath(request: SftpFolderRequest, lang: Language): Promise<SftpPathCheckResponse> {
    const path = remotePath(request.path, lang);
    const server = request.sftp_server_id;
    const target = await this.tests.storedSftpTarget(request.company_code, server, lang);
    try {
      const exists = await withSftpSession(target, (sftp) => remoteFolderExists(sftp, path));
      return {
        exists,
        is_directory: exists,
        message: message(lang, exists ? 'remoteFolderExists' : 'remoteFolderMissing', { path, server }),
      };
    } catch (error) {
      if (error instanceof RemoteFolderError && error.kind === 'not-folder')
        return { exists: true, is_directory: false, message: failure(error, lang, server).message };
      return asHttpError(error, lang, server);
    }
  }

  /** Every check of the form at once; each tile says 200 or why not. Nothing is saved or changed. */
  async testJobConnection(
    request: JobConnectionTestRequest,
    lang: Language,
  ): Promise<JobConnectionTestResponse> {
    const company = request.companycode;
    const type = request.legacytype;
    const [api, source, destination] = await Promise.all([
      this.apiChecks(request, lang),
      type === 'PULL_WAIT'
        ? undefined
        : type === 'OUT_WAIT'
          ? this.notUsed(type, lang)
          : this.sftpChecks(company, request.sftp_source_server_id, request.sftp_source_path, 'source', lang),
      type === 'PULL_WAIT'
        ? undefined
        : this.sftpChecks(company, request.sftp_return_server_id, request.sftp_return_path, 'return', lang),
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

  private notUsed(type: string, lang: Language): { connection: Check; path: Check } {
    const check = { status: 200, message: message(lang, 'checkNotUsed', { type }) };
    return { connection: check, path: check };
  }

  private async sftpChecks(
    company: string,
    serverId: string | undefined,
    pathText: string | undefined,
    side: 'source' | 'return',
    lang: Language,
  ): Promise<{ connection: Check; path: Check }> {
    const pathMissing: Check = {
      status: 400,
      message: message(lang, side === 'source' ? 'checkSourcePathMissing' : 'checkReturnPathMissing'),
    };
    if (!serverId) {
      const missing: Check = {
        status: 400,
        message: message(lang, side === 'source' ? 'checkSourceServerMissing' : 'checkReturnServerMissing'),
      };
      return { connection: missing, path: pathText ? missing : pathMissing };
    }
    try {
      const path = pathText ? remotePath(pathText, lang) : undefined;
      const target = await this.tests.storedSftpTarget(company, serverId, lang);
      const where = { server: serverId, host: target.host, port: target.port };
      const connected: Check = { status: 200, message: message(lang, 'checkSftpConnected', where) };
      // One session for both tiles; a path failure must not turn the connection tile red.
      const outcome = await withSftpSession(target, async (sftp) => {
        if (path === undefined) return undefined;
        try {
          return { exists: await remoteFolderExists(sftp, path) };
        } catch (error) {
          return { error };
        }
      });
      if (path === undefined || outcome === undefined) return { connection: connected, path: pathMissing };
      if ('error' in outcome) return { connection: connected, path: failure(outcome.error, lang, serverId) };
      const values = { path, server: serverId };
      return {
        connection: connected,
        path: outcome.exists
          ? { status: 200, message: message(lang, 'remoteFolderExists', values) }
          : { status: 404, message: message(lang, 'remoteFolderMissing', values) },
      };
    } catch (error) {
      const check = failure(error, lang, serverId);
      return { connection: check, path: check };
    }
  }

  private async apiChecks(
    request: JobConnectionTestRequest,
    lang: Language,
  ): Promise<{ connection: Check; function: Check }> {
    const serverId = request.api_serverid;
    if (!serverId) {
      const missing = { status: 400, message: message(lang, 'checkApiServerMissing') };
      return { connection: missing, function: missing };
    }
    const className = request.api_classname?.trim() ?? '';
    const functionName = request.api_function_name?.trim() ?? '';
    const name = `${className}.${functionName}`;
    try {
      const target = await this.tests.storedApiTarget(request.companycode, serverId, lang);
      const [info, found] = await Promise.allSettled([
        fetchFunctionServerInfo(target),
        className && functionName
          ? new FunctionServerClient({
              baseUrl: target.url,
              username: target.username,
              password: target.password,
            }).hasFunction(className, functionName)
          : Promise.resolve(undefined),
      ]);
      const connection: Check =
        info.status === 'fulfilled'
          ? {
              status: 200,
              message: message(lang, 'checkApiConnected', {
                server: serverId,
                url: target.url,
                version: info.value.serverVersion,
              }),
            }
          : failure(info.reason, lang, serverId);
      let functionCheck: Check;
      if (found.status === 'rejected') functionCheck = failure(found.reason, lang, serverId);
      else if (found.value === undefined)
        functionCheck = { status: 400, message: message(lang, 'checkFunctionMissing') };
      else
        functionCheck = found.value
          ? { status: 200, message: message(lang, 'checkFunctionFound', { name, server: serverId }) }
          : { status: 404, message: message(lang, 'checkFunctionNotFound', { name, server: serverId }) };
      return { connection, function: functionCheck };
    } catch (error) {
      const check = failure(error, lang, serverId);
      return { connection: check, function: check };
    }
  }
}
