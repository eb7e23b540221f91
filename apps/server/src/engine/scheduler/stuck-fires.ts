import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import { runMessage } from '../../i18n/run-message.js';
import { overdueTriggers } from './stuck-fires.repository.js';
import { heldFilterOf, type MaintenanceWindows } from './maintenance-hold.js';
import { appendSystemLog } from '../system-log/system-log.repository.js';

export interface StuckFire {
  triggerId: string;
  companyCode: string;
  dueAt: number;
  /** How long past its fire time, by the database's clock (ms). */
  overdueMs: number;
}

/**
 * Finds triggers still WAITING on a fire time more than `overdueMs` past (the database's clock):
 * fires no node made, although a running loop fires a misfired trigger within one pass — so one
 * found here means every scheduler is down or a pass keeps failing on it. Each (trigger, fire
 * time) is reported once by this detector (system log + the returned list for /metrics); the
 * misfire handling reports it again, once cluster-wide, when a loop finally takes it.
 */
export class StuckFireDetector {
  private readonly reported = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly overdueMs: number,
    private readonly limit = 100,
    /** A trigger held by maintenance is not stuck (issue 34). */
    private readonly maintenance?: MaintenanceWindows,
  ) {}

  async check(): Promise<StuckFire[]> {
    const { kysely, dialect } = this.db;
    const now = await databaseNow(kysely, dialect);
    const held = heldFilterOf(await this.maintenance?.viewAt(kysely, now));
    const rows = await overdueTriggers(kysely, now - this.overdueMs, this.limit, held);
    const fresh = rows.filter((row) => !this.reported.has(`${row.id}@${row.next_fire_at}`));
    for (const row of fresh) this.reported.add(`${row.id}@${row.next_fire_at}`);
    if (this.reported.size > 10_000) this.reported.clear(); // bounded memory; a repeat is harmless
    const stuck = fresh.map((row) => ({
      triggerId: row.id,
      companyCode: row.company_code,
      dueAt: Number(row.next_fire_at),
      overdueMs: now - Number(row.next_fire_at),
      sid: row.job_sid ?? row.chain_sid ?? '',
    }));
    await appendSystemLog(
      kysely,
      stuck.map((fire) => ({
        sid: fire.sid,
        companyCode: fire.companyCode,
        jobInstanceNo: null,
        logType: 'ERROR',
        message: runMessage('triggerStuck', {
          trigger: fire.triggerId,
          dueAt: new Date(fire.dueAt).toISOString(),
          seconds: Math.round(fire.overdueMs / 1000),
        }),
        msgSource: 'scheduler',
        createdAt: now,
      })),
    );
    return stuck.map(({ triggerId, companyCode, dueAt, overdueMs }) => ({
      triggerId,
      companyCode,
      dueAt,
      overdueMs,
    }));
  }
}
