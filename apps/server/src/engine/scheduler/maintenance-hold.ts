import type { WriteScope } from '../../db/write-transaction.js';

/*
 * Maintenance windows in the firing pass (issue 34, docs/maintenance-windows.md). While a window of
 * a trigger's company (or one for every company, `*`) holds, the trigger's due fire is left unfired:
 * the pass marks it held once (triggers.maintenance_held_since, a system-log line, a metric) and
 * leaves its next_fire_at where it is, and later passes do not take it again while the company is
 * in maintenance. When the maintenance ends, the trigger's misfire policy decides for the fire times
 * it held, also when the window was shorter than the misfire threshold (misfire.ts `released`):
 * `fire_once_now` makes one run, `do_nothing` none; the held times are recorded missed, and the fire
 * times from the end on are ordinary fires. The loop wakes at the end of a window holding now.
 *
 * The engine knows windows only through this interface; modules/maintenance implements it (reading
 * the windows from the database, so every node of a cluster sees the same ones) and the composition
 * root hands it to the scheduler.
 */

/** Who holds a company at the view's instant: the end of its maintenance and the windows holding. */
export interface MaintenanceHold {
  /** The end of the stretch of maintenance holding now (epoch ms). */
  until: number;
  /** The windows holding now, as `name` (own) or `*:name` (for every company). */
  windows: readonly string[];
}

/** The windows as one pass sees them at its instant (`now`, the database's time). */
export interface MaintenanceView {
  /** The companies in maintenance now; `*` among them when every company is. */
  readonly heldCompanies: readonly string[];
  /** The earliest end of the maintenance holding now: the loop wakes then (undefined: none holds). */
  readonly nextEnd: number | undefined;
  /** The maintenance holding `company` now (its own windows and those for every company), if any. */
  holdOf(company: string): MaintenanceHold | undefined;
  /** Whether a window of `company` (or for every company) holds at some instant of [from, to). */
  holdsWithin(company: string, from: number, to: number): boolean;
  /**
   * The latest end, at most `to`, of the maintenance of `company` (or for every company) that holds at
   * some instant of [from, to); undefined when none does.
   */
  endOfHold(company: string, from: number, to: number): number | undefined;
}

/** The maintenance windows, as the scheduler reads them. */
export interface MaintenanceWindows {
  /**
   * The view at `now`, read in the pass's transaction (`scope`) or from a copy a few seconds old at
   * most (a window written elsewhere takes effect within that time, or at once on `changed`).
   */
  viewAt(scope: WriteScope, now: number): Promise<MaintenanceView>;
  /** The scheduler heard the `triggers` signal (a window may have been written): read again. */
  changed(): void;
}

/** Which due triggers a pass does not take again: those already held, of the companies held now. */
export interface HeldFilter {
  /** A window for every company holds: every held trigger stays untaken. */
  all: boolean;
  /** The companies held now (without `*`). */
  companies: readonly string[];
}

/** The filter of a view (undefined when no company is held: nothing to leave out). */
export function heldFilterOf(view: MaintenanceView | undefined): HeldFilter | undefined {
  if (!view || view.heldCompanies.length === 0) return undefined;
  return {
    all: view.heldCompanies.includes('*'),
    companies: view.heldCompanies.filter((company) => company !== '*'),
  };
}

/** Whether a trigger row's hold stands: held at or after its due time (a re-plan past it ends it). */
export function holdStands(trigger: {
  next_fire_at: number | string | null;
  maintenance_held_since?: number | string | null | undefined;
}): boolean {
  const since = trigger.maintenance_held_since;
  return since !== null && since !== undefined && Number(trigger.next_fire_at) <= Number(since);
}
