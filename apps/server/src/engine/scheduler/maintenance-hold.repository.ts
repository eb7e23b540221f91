import type { WriteScope } from '../../db/write-transaction.js';
import { chunks } from './fire-writes.repository.js';

/** Triggers per update (one parameter each). */
const HOLD_CHUNK = 1000;

/**
 * Marks these due triggers held by maintenance since `now` (issue 34): their next_fire_at stays, and
 * passes leave them while their company is in maintenance (acquire-due-triggers.repository.ts
 * notHeld). Written in the pass's transaction, on rows the pass has locked.
 */
export async function holdTriggers(scope: WriteScope, ids: readonly string[], now: number): Promise<void> {
  for (const chunk of chunks(ids, HOLD_CHUNK))
    await scope
      .updateTable('triggers')
      .set({ maintenance_held_since: now, updated_at: now })
      .where('id', 'in', chunk)
      .execute();
}
