import {
  DEFAULT_SID,
  SHARED_CALENDAR_COMPANY,
  type CalendarKey,
  type CalendarListQuery,
  type CalendarPreviewRequest,
  type CalendarPreviewResponse,
  type CalendarDefinition,
  type CalendarUse,
  type CalendarWrite,
  type NamedCalendar,
} from '@lis/contracts';
import type { Db } from '../../db/database.js';
import type { SchedulerSignal } from '../../engine/scheduler/scheduler-signal.js';
import { syncTriggers } from '../../engine/scheduler/trigger-sync.js';
import type { SystemLogRepository } from '../../engine/system-log/system-log.repository.js';
import { keyed, type KeyedMessage } from '../../i18n/messages.js';
import { runMessage, type RunMessage } from '../../i18n/run-message.js';
import type { Clock } from '../../platform/clock.js';
import { conflict, forbidden, notFound } from '../../platform/domain-error.js';
import { hasRole, roleForCompany, type Identity } from '../access/access.js';
import type { CompanyRepository } from '../companies/company.repository.js';
import { requireCompany } from '../server-config/config-scope.js';
import { checkCalendarDefinition } from './calendar-definition.js';
import type { CalendarOwnerRow, CalendarRepository, CalendarRow } from './calendar.repository.js';
import { previewMonth } from './calendar-preview.js';
import { readIcsHolidays, type IcsHoliday } from './ics-import.js';
import { positionsOf } from './trigger-calendars.js';

const SHARED = SHARED_CALENDAR_COMPANY;
const SOURCE = 'calendars';
/** The users a refused delete names; more are counted. */
const USERS_NAMED = 10;

export interface CalendarServiceDeps {
  db: Db;
  repo: CalendarRepository;
  companies: CompanyRepository;
  systemLog: SystemLogRepository;
  clock: Clock;
  /** LIS_TIMEZONE: the zone triggers are re-planned in. */
  timeZone: string;
  signal: SchedulerSignal;
}

export interface CalendarAudit extends Record<string, unknown> {
  before?: NamedCalendar | undefined;
  after?: NamedCalendar | undefined;
}

/** The .ics import's form: the calendar it becomes. */
export interface CalendarImportInput {
  company_code: string;
  name: string;
  description?: string | undefined;
  /** Replace a calendar of that name (else: CALENDAR_EXISTS when there is one). */
  replace: boolean;
}

/**
 * Who may write a company's calendars: its admin (or super_admin); the shared ones (`*`) only a
 * super_admin of every company. No role in the company: COMPANY_FORBIDDEN (as the route policy
 * answers); a role too low: ROLE_FORBIDDEN. Routes call it (the import reads its company from the form).
 */
export function requireCalendarWriter(identity: Identity, company: string): void {
  const role = roleForCompany(identity, company);
  const needed = company === SHARED ? 'super_admin' : 'admin';
  if (hasRole(role, needed)) return;
  const key = company === SHARED ? 'calendarSharedForbidden' : 'companyForbidden';
  throw forbidden(role === undefined ? 'COMPANY_FORBIDDEN' : 'ROLE_FORBIDDEN', key, { company });
}

/** The triggers of `owners` that name `name`. */
function usesIn(owners: readonly CalendarOwnerRow[], name: string): CalendarUse[] {
  return owners.flatMap((owner) =>
    positionsOf(owner.trigger_calendars, name).map((trigger_position) => ({
      kind: owner.kind,
      company_code: owner.company_code,
      id: owner.id,
      trigger_position,
    })),
  );
}

function toDto(row: CalendarRow, used_by: CalendarUse[]): NamedCalendar {
  return {
    company_code: row.company_code,
    name: row.name,
    description: row.description,
    // Checked when written; a read shows what is stored (a zone a later runtime dropped included).
    definition: JSON.parse(row.definition) as CalendarDefinition,
    used_by,
    updated_at: new Date(row.updated_at).toISOString(),
    updated_by: row.updated_by,
  };
}

/** Named business calendars (issue 34): each company's own and the shared ones, and who uses them. */
export class CalendarService {
  constructor(private readonly deps: CalendarServiceDeps) {}

  /**
   * A company's calendars and the shared ones its own do not hide (for `*`: the shared ones alone).
   * `used_by` names the triggers of that company (for `*`: of every company that uses the shared one).
   */
  async list(query: CalendarListQuery): Promise<{ result_list: NamedCalendar[] }> {
    const company = query.company_code;
    const { repo } = this.deps;
    if (company === SHARED) {
      const rows = await repo.list([SHARED]);
      const owners = rows.length > 0 ? await repo.owners(null) : [];
      const result_list = [];
      for (const row of rows) result_list.push(toDto(row, await this.sharedUses(row.name, owners)));
      return { result_list };
    }
    const rows = await repo.list([company, SHARED]);
    const own = new Set(rows.filter((row) => row.company_code === company).map((row) => row.name));
    const owners = await repo.owners([company]);
    const visible = rows.filter((row) => row.company_code === company || !own.has(row.name));
    visible.sort((a, b) => a.name.localeCompare(b.name));
    return { result_list: visible.map((row) => toDto(row, usesIn(owners, row.name))) };
  }

  /** Every trigger that uses this calendar: of its company, or (shared) of every company without its own. */
  private async usesOf(row: Pick<CalendarRow, 'company_code' | 'name'>): Promise<CalendarUse[]> {
    const { repo } = this.deps;
    if (row.company_code !== SHARED) return usesIn(await repo.owners([row.company_code]), row.name);
    return this.sharedUses(row.name, await repo.owners(null));
  }

  /** The triggers of `owners` that use the shared calendar `name`: those of companies without their own. */
  private async sharedUses(name: string, owners: readonly CalendarOwnerRow[]): Promise<CalendarUse[]> {
    const hiding = await this.deps.repo.companiesWithOwn(name);
    return usesIn(
      owners.filter((owner) => !hiding.has(owner.company_code)),
      name,
    );
  }

  async get(company: string, name: string): Promise<NamedCalendar> {
    const row = await this.deps.repo.get(company, name);
    if (!row) throw notFound('CALENDAR_NOT_FOUND', 'calendarNotFound', { name, company });
    return toDto(row, await this.usesOf(row));
  }

  /** Creates (`insert`) or replaces (`update`) a calendar; its definition checked first. */
  async save(
    body: CalendarWrite,
    mode: 'insert' | 'update',
    username: string,
  ): Promise<{ calendar: NamedCalendar; audit: CalendarAudit }> {
    const { repo, clock } = this.deps;
    const company = body.company_code;
    const name = body.name;
    const definition = JSON.stringify(checkCalendarDefinition(body.definition));
    const beforeRow = await repo.get(company, name);
    if (mode === 'update' && !beforeRow)
      throw notFound('CALENDAR_NOT_FOUND', 'calendarNotFound', { name, company });
    if (mode === 'insert') {
      if (company !== SHARED) await requireCompany(this.deps.companies, company);
      if (beforeRow) throw conflict('CALENDAR_EXISTS', 'calendarExists', { name, company });
    }
    const before = beforeRow ? toDto(beforeRow, await this.usesOf(beforeRow)) : undefined;
    const now = clock.now();
    const values = {
      company_code: company,
      name,
      description: (body.description ?? beforeRow?.description ?? '').trim(),
      definition,
      updated_at: now,
      updated_by: username,
    };
    if (mode === 'insert') {
      if (!(await repo.insert({ ...values, created_at: now })))
        throw conflict('CALENDAR_EXISTS', 'calendarExists', { name, company });
    } else if (!(await repo.update(values))) {
      throw notFound('CALENDAR_NOT_FOUND', 'calendarNotFound', { name, company });
    }
    const calendar = await this.get(company, name);
    await this.log(
      company,
      runMessage(mode === 'insert' ? 'calendarCreatedBy' : 'calendarUpdatedBy', { name, user: username }),
    );
    await this.replan(calendar.used_by);
    return { calendar, audit: { before, after: calendar } };
  }

  /** Deletes a calendar no trigger uses; else CALENDAR_IN_USE naming the users. */
  async delete(key: CalendarKey, username: string): Promise<{ name: string; audit: CalendarAudit }> {
    const { company_code: company, name } = key;
    const before = await this.get(company, name);
    if (before.used_by.length > 0)
      throw conflict('CALENDAR_IN_USE', 'calendarInUse', { name, company, users: usersText(before.used_by) });
    if (!(await this.deps.repo.delete(company, name)))
      throw notFound('CALENDAR_NOT_FOUND', 'calendarNotFound', { name, company });
    await this.log(company, runMessage('calendarDeletedBy', { name, user: username }));
    // A trigger that named it used it; none did, but one saved meanwhile is re-planned all the same.
    await this.replan(await this.usesOf({ company_code: company, name }));
    return { name, audit: { before } };
  }

  /** A month of a definition for the month view, in the zone asked for (default LIS_TIMEZONE). */
  preview(request: CalendarPreviewRequest): CalendarPreviewResponse {
    return previewMonth(request.definition, request.month, request.time_zone ?? this.deps.timeZone);
  }

  /**
   * An RFC 5545 file's all-day events as a holiday calendar (created, or replaced when asked), through
   * `save` — the checks, the log and the re-plan of any other write.
   */
  async importIcs(
    input: CalendarImportInput,
    content: Buffer | string,
    username: string,
  ): Promise<{ calendar: NamedCalendar; events: IcsHoliday[]; skipped: number; audit: CalendarAudit }> {
    const holidays = readIcsHolidays(content);
    const exists = (await this.deps.repo.get(input.company_code, input.name)) !== undefined;
    const { calendar, audit } = await this.save(
      {
        company_code: input.company_code,
        name: input.name,
        ...(input.description === undefined ? {} : { description: input.description }),
        definition: { type: 'holiday', dates: holidays.dates },
      },
      exists && input.replace ? 'update' : 'insert',
      username,
    );
    return { calendar, events: holidays.events, skipped: holidays.skipped, audit };
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

  /**
   * The jobs and chains whose triggers use a changed calendar re-plan their triggers, and the
   * scheduler loops hear of it (the same path as a job's save: syncTriggers, then the signal).
   */
  private async replan(uses: readonly CalendarUse[]): Promise<void> {
    const owners = new Map(uses.map((use) => [`${use.kind}|${use.company_code}|${use.id}`, use]));
    for (const use of owners.values())
      await syncTriggers(
        this.deps.db,
        { kind: use.kind, companyCode: use.company_code, ownerId: use.id },
        { timeZone: this.deps.timeZone, signal: this.deps.signal, calendars: this.deps.repo },
      );
  }
}

/** The users a refused delete names: the first USERS_NAMED, then how many more. */
function usersText(uses: readonly CalendarUse[]): KeyedMessage[] {
  const named: KeyedMessage[] = uses.slice(0, USERS_NAMED).map((use) =>
    keyed('calendarUser', {
      kind: use.kind,
      id: use.id,
      company: use.company_code,
      position: use.trigger_position + 1,
    }),
  );
  return uses.length > USERS_NAMED
    ? [...named, keyed('calendarUsersMore', { count: uses.length - USERS_NAMED })]
    : named;
}
