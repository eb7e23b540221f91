import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface AuditEntry {
  at: number;
  username: string | null;
  method: string;
  route: string;
  statusCode: number;
  companyCode: string | null;
  target: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
}

/** Who did what, when: one row per mutating call, whatever its outcome. */
export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({
        id: crypto.randomUUID(),
        at: entry.at,
        username: entry.username,
        method: entry.method,
        route: entry.route.slice(0, 200),
        status_code: entry.statusCode,
        company_code: entry.companyCode?.slice(0, 32) ?? null,
        target: entry.target?.slice(0, 200) ?? null,
        details: entry.details ? JSON.stringify(entry.details) : null,
        ip: entry.ip,
      })
      .execute();
  }

  async latest(limit: number) {
    return this.db.selectFrom('audit_log').selectAll().orderBy('seq', 'desc').limit(limit).execute();
  }
}
