import { ALL_COMPANIES_MAINTENANCE } from '@lis/contracts';
import type { WriteScope } from '../../db/write-transaction.js';
import type {
  MaintenanceHold,
  MaintenanceView,
  MaintenanceWindows,
} from '../../engine/scheduler/maintenance-hold.js';
import { namedWindows } from './maintenance-schedule.js';
import { holdsWithin, maintenanceAt, periodsOf, type NamedWindow } from './maintenance-window.js';
import type { MaintenanceRepository } from './maintenance.repository.js';

const ALL = ALL_COMPANIES_MAINTENANCE;

/**
 * How long a node keeps the windows it read before reading them again (ms). A window written on any
 * node also raises the scheduler signal, on which every node's loop reads them again at once; this
 * bounds the delay when that notification is lost.
 */
export const MAINTENANCE_READ_AGAIN_MS = 2_000;

/** How a window is named in a hold: its name, or `*:name` for a window of every company. */
const label = (window: NamedWindow) => (window.companyCode === ALL ? `${ALL}:${window.name}` : window.name);

/** The view of `windows` (enabled, parsed) at `now`: computed lazily per company, then kept. */
export function maintenanceView(windows: readonly NamedWindow[], now: number): MaintenanceView {
  const byCompany = new Map<string, NamedWindow[]>();
  for (const window of windows) {
    const list = byCompany.get(window.companyCode);
    if (list) list.push(window);
    else byCompany.set(window.companyCode, [window]);
  }
  const shared = byCompany.get(ALL) ?? [];
  const lists = new Map<string, NamedWindow[]>();
  const concerning = (company: string): NamedWindow[] => {
    if (company === ALL || !byCompany.has(company)) return shared;
    let list = lists.get(company);
    if (!list) {
      list = [...(byCompany.get(company) ?? []), ...shared];
      lists.set(company, list);
    }
    return list;
  };
  const holds = new Map<string, MaintenanceHold | null>();
  const holdOf = (company: string): MaintenanceHold | undefined => {
    let hold = holds.get(company);
    if (hold === undefined) {
      const state = maintenanceAt(concerning(company), now);
      hold = state ? { until: state.until, windows: state.windows.map(label) } : null;
      holds.set(company, hold);
    }
    return hold ?? undefined;
  };
  const heldCompanies = [...byCompany.keys()].filter((company) => holdOf(company) !== undefined);
  const untils = heldCompanies.map((company) => holdOf(company)?.until ?? Infinity);
  const within = new Map<string, boolean>();
  const ends = new Map<string, number | undefined>();
  return {
    heldCompanies,
    nextEnd: untils.length > 0 ? Math.min(...untils) : undefined,
    holdOf,
    holdsWithin: (company, from, to) => {
      const list = concerning(company);
      if (list.length === 0) return false;
      const key = `${company}|${from}|${to}`;
      let answer = within.get(key);
      if (answer === undefined) {
        answer = list.some((window) => holdsWithin(window.times, from, to));
        within.set(key, answer);
      }
      return answer;
    },
    endOfHold: (company, from, to) => {
      const list = concerning(company);
      if (list.length === 0) return undefined;
      const key = `${company}|${from}|${to}`;
      if (!ends.has(key)) {
        let end: number | undefined;
        for (const window of list)
          for (const span of periodsOf(window.times, from, to))
            end = Math.max(end ?? -Infinity, Math.min(span.to, to));
        ends.set(key, end);
      }
      return ends.get(key);
    },
  };
}

/**
 * The scheduler's port to the maintenance windows (engine/scheduler/maintenance-hold.ts): every node
 * reads the enabled windows from the database — in the pass's transaction, at most every
 * MAINTENANCE_READ_AGAIN_MS by the database's clock, and at once after `changed` — so the nodes of a
 * cluster hold the same triggers; the view of each instant is computed from them.
 */
export class MaintenanceHolds implements MaintenanceWindows {
  private windows: NamedWindow[] | undefined;
  private readAt = 0;
  /** Raised by `changed`: a read that began before it is not kept. */
  private generation = 0;

  constructor(
    private readonly repository: Pick<MaintenanceRepository, 'enabled'>,
    /** LIS_TIMEZONE: the zone of a recurring window without `tz`. */
    private readonly timeZone: string,
    private readonly readAgainMs = MAINTENANCE_READ_AGAIN_MS,
  ) {}

  changed(): void {
    this.generation += 1;
    this.windows = undefined;
  }

  async viewAt(scope: WriteScope, now: number): Promise<MaintenanceView> {
    let windows = this.windows;
    if (!windows || now - this.readAt >= this.readAgainMs || now < this.readAt) {
      const generation = this.generation;
      windows = namedWindows(await this.repository.enabled(scope), this.timeZone);
      if (generation === this.generation) {
        this.windows = windows;
        this.readAt = now;
      }
    }
    return maintenanceView(windows, now);
  }
}
