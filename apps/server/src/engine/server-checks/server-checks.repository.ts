import type { Kysely } from 'kysely';
import type { Database, ServerCheckTable } from '../../db/schema.js';
import type { WriteScope } from '../../db/write-transaction.js';
import type { CheckState, ServerKind } from './server-check-state.js';

/** The SQL of the connection checks (issue 35, decision 0049): `server_checks`, one row per server. */

export interface ServerKey {
  kind: ServerKind;
  companyCode: string;
  serverId: string;
}

/** A row as the pass reads it: the state and the version its write is conditional on. */
export interface StoredCheck extends ServerKey, CheckState {
  version: number;
}

const keyText = (key: ServerKey) => `${key.kind}|${key.companyCode}|${key.serverId}`;

function stored(row: ServerCheckTable): StoredCheck {
  return {
    kind: row.kind,
    companyCode: row.company_code,
    serverId: row.server_id,
    state: row.state,
    since: row.since === null ? null : Number(row.since),
    failures: Number(row.failures),
    failingSince: row.failing_since === null ? null : Number(row.failing_since),
    checkedAt: Number(row.checked_at),
    lastError: row.last_error,
    version: Number(row.version),
  };
}

/** Every row, by `kind|company|id`. */
export async function storedChecks(db: Kysely<Database>): Promise<Map<string, StoredCheck>> {
  const rows = await db.selectFrom('server_checks').selectAll().execute();
  return new Map(rows.map((row) => [keyText(stored(row)), stored(row)]));
}

export function storedCheckOf(checks: ReadonlyMap<string, StoredCheck>, key: ServerKey) {
  return checks.get(keyText(key));
}

/** The rows of one kind's servers of some companies (null: every company), for the config screens. */
export async function checksOfKind(
  db: Kysely<Database>,
  kind: ServerKind,
  companyCodes: readonly string[] | null,
): Promise<StoredCheck[]> {
  if (companyCodes?.length === 0) return [];
  let query = db.selectFrom('server_checks').selectAll().where('kind', '=', kind);
  if (companyCodes) query = query.where('company_code', 'in', [...new Set(companyCodes)]);
  const rows = await query.orderBy('company_code').orderBy('server_id').execute();
  return rows.map(stored);
}

/**
 * Records a check: inserts the server's first row, or updates the row if it is still the version
 * read. Answers false when another node recorded a check of it meanwhile (nothing is written).
 */
export async function recordCheck(
  scope: WriteScope,
  key: ServerKey,
  readVersion: number | undefined,
  next: CheckState,
): Promise<boolean> {
  const values = {
    state: next.state,
    since: next.since,
    failures: next.failures,
    failing_since: next.failingSince,
    checked_at: next.checkedAt,
    last_error: next.lastError,
  };
  if (readVersion === undefined) {
    const result = await scope
      .insertInto('server_checks')
      .values({
        kind: key.kind,
        company_code: key.companyCode,
        server_id: key.serverId,
        ...values,
        version: 1,
      })
      .onConflict((oc) => oc.columns(['kind', 'company_code', 'server_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  const result = await scope
    .updateTable('server_checks')
    .set({ ...values, version: readVersion + 1 })
    .where('kind', '=', key.kind)
    .where('company_code', '=', key.companyCode)
    .where('server_id', '=', key.serverId)
    .where('version', '=', readVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the row of a server no longer configured, if it is still the version read. */
export async function forgetCheck(scope: WriteScope, row: StoredCheck): Promise<boolean> {
  const result = await scope
    .deleteFrom('server_checks')
    .where('kind', '=', row.kind)
    .where('company_code', '=', row.companyCode)
    .where('server_id', '=', row.serverId)
    .where('version', '=', row.version)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** How many servers of each kind are in each state (`unknown`: not decided yet), for /metrics. */
export async function reachabilityCounts(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('server_checks')
    .select(['kind', 'state', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy(['kind', 'state'])
    .execute();
  return rows.map((row) => ({ kind: row.kind, state: row.state ?? 'UNKNOWN', n: Number(row.n) }));
}
