import type { PeerClients } from '../../adapters/peer-clients.js';
import type {
  CheckedServer,
  ProbeResult,
  ServerProbe,
} from '../../engine/server-checks/server-check-pass.js';
import { message, type MessageKey } from '../../i18n/messages.js';
import type { ConnectionTestService } from './connection-test.service.js';
import { ConnectionTestError, fetchFunctionServerInfo, withSftpSession } from './connection-test.js';
import type { ServerConfigRepository } from './server-config.repository.js';

/** A function server's URL as people may see it: scheme, host and path — no user part, no query. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

/**
 * The connection checks' way to the servers (issue 35, decision 0049): the stored servers with their
 * secrets opened as the Test button opens them (ConnectionTestService), checked by the Test button's
 * own code (connection-test.ts) — under the outbound rules, with its error words. An sFTP server is
 * reachable when SSH connects, authenticates and opens the SFTP subsystem (no listing: a server
 * whose `/` may not be read is still up); a function server when `GET …/info` answers as the contract says.
 */
export class ServerCheckProbe implements ServerProbe {
  constructor(
    private readonly repo: ServerConfigRepository,
    private readonly tests: ConnectionTestService,
    private readonly peers: Pick<PeerClients, 'ssh' | 'functionServer'>,
  ) {}

  async servers(): Promise<CheckedServer[]> {
    const [apis, sftps] = await Promise.all([this.repo.everyApiServer(), this.repo.everySftpServer()]);
    return [
      ...apis.map((row) => ({
        kind: 'api' as const,
        companyCode: row.company_code,
        serverId: row.api_server_id,
        sid: row.sid,
        address: shownUrl(row.api_url),
      })),
      ...sftps.map((row) => ({
        kind: 'sftp' as const,
        companyCode: row.company_code,
        serverId: row.sftp_server_id,
        sid: row.sid,
        address: `${row.host}:${Number(row.port)}`,
      })),
    ];
  }

  async check(server: CheckedServer, timeoutMs: number): Promise<ProbeResult> {
    try {
      if (server.kind === 'sftp') {
        const target = await this.tests.storedSftpTarget(server.companyCode, server.serverId);
        if (!target.password && !target.privateKey) return failed('sftpTestRequired', {});
        await withSftpSession(this.peers, target, () => Promise.resolve(), timeoutMs);
      } else {
        const target = await this.tests.storedApiTarget(server.companyCode, server.serverId);
        if (!target.password) return failed('fappTestRequired', {});
        await fetchFunctionServerInfo(this.peers, target, timeoutMs);
      }
      return { ok: true };
    } catch (error) {
      if (error instanceof ConnectionTestError)
        return failed(error.key, {
          ...error.values,
          ...('url' in error.values ? { url: server.address } : {}),
        });
      // Not a connection fault (a secret that will not open, the server deleted meanwhile): said without detail.
      const reason = 'the stored server or its secret could not be read';
      return failed(server.kind === 'sftp' ? 'sftpTestFailed' : 'fappTestFailed', { reason });
    }
  }
}

/** A failed check: its message key and values (each at most 300 characters), and its English text. */
function failed(key: MessageKey, values: Record<string, string | number>): ProbeResult {
  const params = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'string' ? value.slice(0, 300) : value,
    ]),
  );
  return { ok: false, error: { key, params }, text: message('en', key, params) };
}
