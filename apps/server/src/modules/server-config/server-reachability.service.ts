import type { ServerReachability, ServerReachabilityQuery } from '@lis/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { checksOfKind, reachabilityCounts } from '../../engine/server-checks/server-checks.repository.js';
import { isMessageKey, keyed, type KeyedMessage, type MessageParams } from '../../i18n/messages.js';
import type { Identity } from '../access/access.js';
import { scopeCodes } from './config-scope.js';

/** A server's reachability with its last error still keyed (the route renders it in the reader's language). */
export type KeyedReachability = Omit<ServerReachability, 'last_error'> & { last_error: KeyedMessage | null };

/** The stored `{key, params}` of a failed check; an unknown key (another version's) reads as none. */
function storedError(text: string | null): KeyedMessage | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as { key?: unknown; params?: unknown };
    if (!isMessageKey(value.key)) return null;
    const params = typeof value.params === 'object' && value.params !== null ? value.params : {};
    return keyed(value.key, params as MessageParams);
  } catch {
    return null;
  }
}

const iso = (at: number) => new Date(at).toISOString();

/**
 * What the connection checks found (issue 35, decision 0049) for the function-server and sFTP Config
 * screens, of the caller's admin companies: each checked server's state, since when, the last check
 * and the last error.
 */
export class ServerReachabilityService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly intervalMs: number,
  ) {}

  async list(identity: Identity, query: ServerReachabilityQuery) {
    const rows = await checksOfKind(this.db, query.kind, scopeCodes(identity, query.company_code));
    const result_list: KeyedReachability[] = rows.map((row) => ({
      kind: row.kind,
      company_code: row.companyCode,
      server_id: row.serverId,
      state: row.state ?? 'UNKNOWN',
      since: row.since === null ? null : iso(row.since),
      checked_at: iso(row.checkedAt),
      failures: row.failures,
      last_error: storedError(row.lastError),
    }));
    return { result_list, check_interval_seconds: Math.round(this.intervalMs / 1000) };
  }

  /** Every company's servers by kind and state, for /metrics. */
  counts() {
    return reachabilityCounts(this.db);
  }
}
