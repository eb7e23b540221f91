import type { DialectName } from '../../db/database.js';
import type { MisfirePolicy, TriggerTable } from '../../db/schema.js';
import type { WriteScope } from '../../db/write-transaction.js';

/** A job or chain whose triggers are kept in step with its cron expression (trigger-sync.ts). */
export interface TriggerOwner {
  kind: 'job' | 'chain';
  companyCode: string;
  ownerId: string;
}

/** What a job's or chain's row says of its triggers. */
export interface OwnerSchedule {
  cronTrigger: string;
  misfirePolicy: MisfirePolicy;
  /** The calendar name of each trigger, `|`-joined in the order of cronTrigger ('' none; issue 34). */
  triggerCalendars: string;
}

/** The owner's schedule (a chain always fires once now after a misfire); undefined when it is gone. */
export async function loadOwnerSchedule(
  scope: WriteScope,
  owner: TriggerOwner,
): Promise<OwnerSchedule | undefined> {
  if (owner.kind === 'job') {
    const job = await scope
      .selectFrom('job_configs')
      .select(['cron_trigger', 'misfire_policy', 'trigger_calendars'])
      .where('company_code', '=', owner.companyCode)
      .where('legacy_id', '=', owner.ownerId)
      .executeTakeFirst();
    return (
      job && {
        cronTrigger: job.cron_trigger,
        misfirePolicy: job.misfire_policy,
        triggerCalendars: job.trigger_calendars,
      }
    );
  }
  const chain = await scope
    .selectFrom('chain_jobs')
    .select(['cron_trigger', 'trigger_calendars'])
    .where('company_code', '=', owner.companyCode)
    .where('chain_id', '=', owner.ownerId)
    .executeTakeFirst();
  return (
    chain && {
      cronTrigger: chain.cron_trigger,
      misfirePolicy: 'fire_once_now',
      triggerCalendars: chain.trigger_calendars,
    }
  );
}

/** The owner's triggers, locked for the caller's transaction on PostgreSQL (`FOR UPDATE`). */
export function ownerTriggers(scope: WriteScope, dialect: DialectName, owner: TriggerOwner) {
  let query = scope
    .selectFrom('triggers')
    .selectAll()
    .where('owner_kind', '=', owner.kind)
    .where('company_code', '=', owner.companyCode)
    .where('owner_id', '=', owner.ownerId);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.execute();
}

export async function deleteOwnerTriggers(scope: WriteScope, owner: TriggerOwner): Promise<void> {
  await scope
    .deleteFrom('triggers')
    .where('owner_kind', '=', owner.kind)
    .where('company_code', '=', owner.companyCode)
    .where('owner_id', '=', owner.ownerId)
    .execute();
}

export async function insertTriggers(scope: WriteScope, rows: TriggerTable[]): Promise<void> {
  await scope.insertInto('triggers').values(rows).execute();
}
