// Reads back every scheduled run and checks the fires against the triggers' cron expressions:
// duplicates (two runs for one (trigger, scheduled_at) — the unique index should make it
// impossible), lost fires (a cron time between a trigger's first due time and its current next
// fire that has no run), and the lateness of each fire and run start on the database's clock.
import type { Db } from '../../apps/server/src/db/database.js';
import { nextFireTime } from '../../apps/server/src/engine/cron/index.js';
import { distribution, type Distribution } from './stats.js';

export interface FireAudit {
  triggers: number;
  fires: number;
  duplicates: number;
  lost: number;
  /** Triggers still WAITING with a next fire more than 1 s before the audit (nobody fired them). */
  overdue: number;
  /** queued_at − scheduled_at: the scheduler's own lateness (its transaction's now). */
  queued: Distribution;
  /** started_at − scheduled_at: run start, DESIGN §8's measure (runs a worker started). */
  started: Distribution;
  notStarted: number;
  /** Runs claimed more than once (taken over after a node died). */
  takenOver: number;
  nodeLost: number;
  /** Scheduled times of the first and last fire (epoch ms). */
  firstAt: number;
  lastAt: number;
}

export async function auditFires(db: Db, initial: Map<string, number>, auditAt: number): Promise<FireAudit> {
  const runs = await db.kysely
    .selectFrom('job_runs')
    .select(['trigger_id', 'scheduled_at', 'queued_at', 'started_at', 'attempt', 'state', 'message'])
    .where('kind', '=', 'scheduled')
    .execute();
  const triggers = await db.kysely
    .selectFrom('triggers')
    .select(['id', 'expression', 'time_zone', 'next_fire_at', 'state'])
    .execute();
  const times = new Map<string, number[]>();
  for (const run of runs) {
    const id = run.trigger_id ?? '';
    const list = times.get(id) ?? [];
    list.push(Number(run.scheduled_at));
    times.set(id, list);
  }
  let duplicates = 0;
  let lost = 0;
  let overdue = 0;
  for (const trigger of triggers) {
    const next = (t: number) => nextFireTime(trigger.expression, new Date(t), trigger.time_zone)?.getTime();
    const fired = (times.get(trigger.id) ?? []).sort((a, b) => a - b);
    let expected: number | undefined = initial.get(trigger.id);
    for (const [k, t] of fired.entries()) {
      if (k > 0 && fired[k - 1] === t) {
        duplicates += 1;
        continue;
      }
      while (expected !== undefined && expected < t) {
        lost += 1;
        expected = next(expected);
      }
      expected = expected === t ? next(t) : expected; // t > expected is impossible (fires on cron times)
    }
    // The trigger's own next fire must be the cron time after its last fire: anything skipped
    // between them advanced the trigger without a run.
    const current = trigger.next_fire_at === null ? undefined : Number(trigger.next_fire_at);
    while (expected !== undefined && current !== undefined && expected < current) {
      lost += 1;
      expected = next(expected);
    }
    if (trigger.state === 'WAITING' && current !== undefined && current < auditAt - 1000) overdue += 1;
  }
  const started = runs.filter((r) => r.started_at !== null);
  return {
    triggers: triggers.length,
    fires: runs.length,
    duplicates,
    lost,
    overdue,
    queued: distribution(runs.map((r) => Number(r.queued_at) - Number(r.scheduled_at))),
    started: distribution(started.map((r) => Number(r.started_at) - Number(r.scheduled_at))),
    notStarted: runs.length - started.length,
    takenOver: runs.filter((r) => r.attempt > 1).length,
    nodeLost: runs.filter((r) => r.state === 'ERROR' && (r.message ?? '').includes('node lost')).length,
    firstAt: Math.min(...runs.map((r) => Number(r.scheduled_at))),
    lastAt: Math.max(...runs.map((r) => Number(r.scheduled_at))),
  };
}

/** Waits (polling every 250 ms, at most `timeoutMs`) until no scheduled run is QUEUED or RUNNING. */
export async function drainRuns(db: Db, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await db.kysely
      .selectFrom('job_runs')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('state', 'in', ['QUEUED', 'RUNNING', 'WAITING'])
      .executeTakeFirstOrThrow();
    const open = Number(row.n);
    if (open === 0 || Date.now() > deadline) return open;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
