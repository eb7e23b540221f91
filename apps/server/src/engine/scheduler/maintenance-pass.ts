import type { TriggerTable } from '../../db/schema.js';
import type { WriteScope } from '../../db/write-transaction.js';
import { runMessage } from '../../i18n/run-message.js';
import { appendSystemLog } from '../system-log/system-log.repository.js';
import type { FireOwner } from './fire-owners.repository.js';
import { holdStands, type MaintenanceHold, type MaintenanceView } from './maintenance-hold.js';
import { holdTriggers } from './maintenance-hold.repository.js';

/** A due trigger of a company in maintenance, left unfired by this pass. */
export interface HeldTrigger {
  trigger: TriggerTable;
  owner: FireOwner;
  hold: MaintenanceHold;
}

/**
 * Marks the pass's held triggers (those not held already) held since `now`, with a system-log line
 * each naming the windows and their end; answers how many were newly held (the metric counts them).
 */
export async function holdDueTriggers(
  scope: WriteScope,
  holds: readonly HeldTrigger[],
  now: number,
): Promise<number> {
  const fresh = holds.filter(({ trigger }) => !holdStands(trigger));
  if (fresh.length === 0) return 0;
  await holdTriggers(
    scope,
    fresh.map(({ trigger }) => trigger.id),
    now,
  );
  await appendSystemLog(
    scope,
    fresh.map(({ trigger, owner, hold }) => ({
      sid: owner.sid,
      companyCode: trigger.company_code,
      jobInstanceNo: null,
      logType: 'INFO',
      message: runMessage('triggerMaintenanceHeld', {
        trigger: trigger.id,
        dueAt: new Date(Number(trigger.next_fire_at)).toISOString(),
        windows: hold.windows.join(', '),
        until: new Date(hold.until).toISOString(),
      }),
      msgSource: 'scheduler',
      createdAt: now,
    })),
  );
  return fresh.length;
}

/**
 * When maintenance held a free trigger's first due time (misfire.ts DueTrigger.held): the end (≤ now)
 * of the maintenance of its company that held at some instant between that time and `now` (a pass
 * that did not run during a short window included); else, when its hold stands (it was held at or
 * after that time, and the window was deleted, disabled or cut short since), now. Undefined when
 * neither can be: no hold and no view.
 */
export function heldBy(
  trigger: TriggerTable,
  view: MaintenanceView | undefined,
  now: number,
): ((first: number) => number | undefined) | undefined {
  const since = trigger.maintenance_held_since;
  const heldSince = since === null || since === undefined ? undefined : Number(since);
  if (heldSince === undefined && !view) return undefined;
  return (first) => {
    const end = view?.endOfHold(trigger.company_code, first, now + 1);
    if (end !== undefined) return Math.min(end, now);
    return heldSince !== undefined && first <= heldSince ? now : undefined;
  };
}
