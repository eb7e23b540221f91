import {
  ALL_COMPANIES_MAINTENANCE,
  DEFAULT_SID,
  MAINTENANCE_MAX_WINDOWS_PER_COMPANY,
  type MaintenanceKey,
  type MaintenancePeriod,
  type MaintenanceSchedule,
  type MaintenanceStatusQuery,
  type MaintenanceStatusResponse,
  type MaintenanceWindow,
  type MaintenanceWrite,
} from '@lis/contracts';
import type { SchedulerSignal } from '../../engine/scheduler/scheduler-signal.js';
import type { SystemLogRepository } from '../../engine/system-log/system-log.repository.js';
import { runMessage, type RunMessage } from '../../i18n/run-message.js';
import type { Clock } from '../../platform/clock.js';
import { conflict, forbidden, invalid, notFound } from '../../platform/domain-error.js';
import { hasRole, roleForCompany, type Identity } from '../access/access.js';
import type { CompanyRepository } from '../companies/company.repository.js';
import { requireCompany } from '../server-config/config-scope.js';
import { checkSchedule, namedWindows, parseInstant, storedTimes } from './maintenance-schedule.js';
import { activeUntil, maintenanceAt, nextStart, periodsOf, type NamedWindow } from './maintenance-window.js';
import type { MaintenanceRepository, MaintenanceWindowRow } from './maintenance.repository.js';

const ALL = ALL_COMPANIES_MAINTENANCE;
const SOURCE = 'maintenance';
const HOUR_MS = 3_600_000;
const iso = (at: number) => new Date(at).toISOString();

export interface MaintenanceServiceDeps {
  repo: MaintenanceRepository;
  companies: CompanyRepository;
  systemLog: SystemLogRepository;
  clock: Clock;
  /** LIS_TIMEZONE: the zone of a recurring window without `tz`. */
  timeZone: string;
  /** Raised after every write: the scheduler loops of every node read the windows again. */
  signal: SchedulerSignal;
}

export interface MaintenanceAudit extends Record<string, unknown> {
  before?: MaintenanceWindow | undefined;
  after?: MaintenanceWindow | undefined;
}

/**
 * Who may write a company's maintenance windows: its admin (or super_admin); those of every company
 * (`*`) only a super_admin of every company. No role in the company: COMPANY_FORBIDDEN (as the route
 * policy answers); a role too low: ROLE_FORBIDDEN.
 */
export function requireMaintenanceWriter(identity: Identity, company: string): void {
  const role = roleForCompany(identity, company);
  const needed = company === ALL ? 'super_admin' : 'admin';
  if (hasRole(role, needed)) return;
  const key = company === ALL ? 'maintenanceSharedForbidden' : 'companyForbidden';
  throw forbidden(role === undefined ? 'COMPANY_FORBIDDEN' : 'ROLE_FORBIDDEN', key, { company });
}

/** Maintenance windows (issue 34): each company's and those of every company, and who is in one. */
export class MaintenanceService {
  constructor(private readonly deps: MaintenanceServiceDeps) {}

  /** A company's windows (its own by name, then those of every company); for `*`: those alone. */
  async list(company: string): Promise<{ result_list: MaintenanceWindow[] }> {
    const rows = await this.deps.repo.list(company === ALL ? [ALL] : [company, ALL]);
    const own = rows.filter((row) => row.company_code !== ALL);
    const shared = rows.filter((row) => row.company_code === ALL);
    const now = this.deps.clock.now();
    return { result_list: [...own, ...shared].map((row) => this.toDto(row, now)) };
  }

  async get(company: string, name: string): Promise<MaintenanceWindow> {
    const row = await this.deps.repo.get(company, name);
    if (!row) throw notFound('MAINTENANCE_NOT_FOUND', 'maintenanceNotFound', { name, company });
    return this.toDto(row, this.deps.clock.now());
  }

  /** Creates (`insert`) or replaces (`update`) a window, its schedule checked first. */
  async save(
    body: MaintenanceWrite,
    mode: 'insert' | 'update',
    username: string,
  ): Promise<{ window: MaintenanceWindow; audit: MaintenanceAudit }> {
    const { repo, clock } = this.deps;
    const { company_code: company, name } = body;
    const schedule = JSON.stringify(checkSchedule(body.schedule, this.deps.timeZone));
    const beforeRow = await repo.get(company, name);
    if (mode === 'update' && !beforeRow)
      throw notFound('MAINTENANCE_NOT_FOUND', 'maintenanceNotFound', { name, company });
    if (mode === 'insert') {
      if (company !== ALL) await requireCompany(this.deps.companies, company);
      if (beforeRow) throw conflict('MAINTENANCE_EXISTS', 'maintenanceExists', { name, company });
      if ((await repo.count(company)) >= MAINTENANCE_MAX_WINDOWS_PER_COMPANY)
        throw conflict('MAINTENANCE_TOO_MANY', 'maintenanceTooMany', {
          company,
          max: MAINTENANCE_MAX_WINDOWS_PER_COMPANY,
        });
    }
    const now = clock.now();
    const before = beforeRow ? this.toDto(beforeRow, now) : undefined;
    const values = {
      company_code: company,
      name,
      description: (body.description ?? beforeRow?.description ?? '').trim(),
      enabled: (body.enabled ?? (beforeRow ? beforeRow.enabled === 1 : true)) ? 1 : 0,
      schedule,
      updated_at: now,
      updated_by: username,
    };
    if (mode === 'insert') {
      if (!(await repo.insert({ ...values, created_at: now })))
        throw conflict('MAINTENANCE_EXISTS', 'maintenanceExists', { name, company });
    } else if (!(await repo.update(values))) {
      throw notFound('MAINTENANCE_NOT_FOUND', 'maintenanceNotFound', { name, company });
    }
    const window = await this.get(company, name);
    await this.log(
      company,
      runMessage(mode === 'insert' ? 'maintenanceCreatedBy' : 'maintenanceUpdatedBy', {
        name,
        user: username,
      }),
    );
    await this.deps.signal.notify('triggers');
    return { window, audit: { before, after: window } };
  }

  async delete(key: MaintenanceKey, username: string): Promise<{ name: string; audit: MaintenanceAudit }> {
    const { company_code: company, name } = key;
    const before = await this.get(company, name);
    if (!(await this.deps.repo.delete(company, name)))
      throw notFound('MAINTENANCE_NOT_FOUND', 'maintenanceNotFound', { name, company });
    await this.log(company, runMessage('maintenanceDeletedBy', { name, user: username }));
    // Triggers held by it are released at the next pass: their misfire policy decides.
    await this.deps.signal.notify('triggers');
    return { name, audit: { before } };
  }

  /**
   * Who of `companies` (null: every company) is in maintenance now and until when, and the stretches
   * of their windows (and those of every company) that hold in [from, from + hours).
   */
  async status(
    companies: readonly string[] | null,
    query: Pick<MaintenanceStatusQuery, 'from' | 'hours'>,
  ): Promise<MaintenanceStatusResponse> {
    const now = this.deps.clock.now();
    let from = now;
    if (query.from !== undefined) {
      const parsed = parseInstant(query.from);
      if (parsed === undefined)
        throw invalid('MAINTENANCE_INVALID', 'maintenanceInvalid', {
          problem: `from: ${query.from.slice(0, 40)} is not an ISO 8601 time with an offset`,
        });
      from = parsed;
    }
    const codes = companies ?? [
      ...(await this.deps.companies.list({ codes: null })).map((company) => company.company_code),
    ];
    const windows = await this.enabledWindows(companies === null ? null : codes);
    const active: MaintenanceStatusResponse['active'] = [];
    for (const company of codes) {
      const state = maintenanceAt(concerning(windows, company), now);
      if (state)
        active.push({
          company_code: company,
          until: iso(state.until),
          windows: state.windows.map((window) => window.name),
        });
    }
    return { now: iso(now), active, periods: periodsIn(windows, from, from + (query.hours ?? 24) * HOUR_MS) };
  }

  /** The stretches of the windows of `companies` (null: all) and of every company holding in [from, to). */
  async periods(companies: readonly string[] | null, from: number, to: number): Promise<MaintenancePeriod[]> {
    return periodsIn(await this.enabledWindows(companies), from, to);
  }

  /** The end of the maintenance holding each of `companies` (null: all) at `now`; companies not held are absent. */
  async until(companies: readonly string[] | null, now: number): Promise<Map<string, number>> {
    const windows = await this.enabledWindows(companies);
    const found = new Map<string, number>();
    if (windows.length === 0) return found;
    const codes =
      companies ?? (await this.deps.companies.list({ codes: null })).map((company) => company.company_code);
    for (const company of codes) {
      const state = maintenanceAt(concerning(windows, company), now);
      if (state) found.set(company, state.until);
    }
    return found;
  }

  /** The enabled windows of `companies` (null: all) and those of every company, parsed. */
  private async enabledWindows(companies: readonly string[] | null): Promise<NamedWindow[]> {
    const rows = await this.deps.repo.list(companies === null ? null : [...companies, ALL]);
    return namedWindows(
      rows.filter((row) => row.enabled === 1),
      this.deps.timeZone,
    );
  }

  private toDto(row: MaintenanceWindowRow, now: number): MaintenanceWindow {
    const times = row.enabled === 1 ? storedTimes(row, this.deps.timeZone) : undefined;
    const until = times ? activeUntil(times, now) : null;
    const next = times ? nextStart(times, now) : null;
    return {
      company_code: row.company_code,
      name: row.name,
      description: row.description,
      enabled: row.enabled === 1,
      // Checked when written; a read shows what is stored.
      schedule: JSON.parse(row.schedule) as MaintenanceSchedule,
      active_until: until === null ? null : iso(until),
      next_start: next === null ? null : iso(next),
      updated_at: iso(Number(row.updated_at)),
      updated_by: row.updated_by,
    };
  }

  private async log(company: string, message: RunMessage): Promise<void> {
    await this.deps.systemLog.append({
      sid: DEFAULT_SID,
      companyCode: company,
      jobInstanceNo: null,
      logType: 'INFO',
      message,
      msgSource: SOURCE,
      createdAt: this.deps.clock.now(),
    });
  }
}

/** The windows that hold for `company`: its own and those of every company. */
function concerning(windows: readonly NamedWindow[], company: string): NamedWindow[] {
  return windows.filter((window) => window.companyCode === company || window.companyCode === ALL);
}

/** The stretches of `windows` that hold in [from, to), by start (then company and name). */
function periodsIn(windows: readonly NamedWindow[], from: number, to: number): MaintenancePeriod[] {
  const periods = windows.flatMap((window) =>
    periodsOf(window.times, from, to).map((span) => ({ window, span })),
  );
  periods.sort(
    (a, b) =>
      a.span.from - b.span.from ||
      a.window.companyCode.localeCompare(b.window.companyCode) ||
      a.window.name.localeCompare(b.window.name),
  );
  return periods.map(({ window, span }) => ({
    company_code: window.companyCode,
    name: window.name,
    from: iso(span.from),
    to: iso(span.to),
  }));
}
