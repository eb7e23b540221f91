import {
  DEFAULT_SID,
  type ChainJob,
  type ChainJobExportQuery,
  type ChainJobQuery,
  type ChainJobWrite,
} from '@lis/contracts';
import type { Db } from '../../db/database.js';
import type { Selectable } from 'kysely';
import type { ChainJobTable, YesNo } from '../../db/schema.js';
import { validateCron } from '../../engine/cron/index.js';
import type { SchedulerSignal } from '../../engine/scheduler/scheduler-signal.js';
import { splitCronTrigger, syncTriggers } from '../../engine/scheduler/trigger-sync.js';
import type { Clock } from '../../platform/clock.js';
import type { Identity } from '../access/access.js';
import type { TriggerCalendarCheck } from '../calendars/trigger-calendars.js';
import type { TriggerCalendarResolver } from '../../engine/scheduler/trigger-calendar.js';
import type { CompanyRepository } from '../companies/company.repository.js';
import { paging, requireCompany, scopeCodes } from '../server-config/config-scope.js';
import type { ChainJobRepository } from './chain-job.repository.js';
import { invalid, notFound, conflict } from '../../platform/domain-error.js';

export interface ChainJobServiceOptions {
  db: Db;
  repo: ChainJobRepository;
  companies: CompanyRepository;
  clock: Clock;
  /** LIS_TIMEZONE: the zone the chain's expressions are read in. */
  timeZone: string;
  signal: SchedulerSignal;
  /** Issue 34: the calendars a chain's triggers name, checked against its company's. */
  triggerCalendars: TriggerCalendarCheck;
  /** Finds the calendars the chain's triggers name when they are re-planned (modules/calendars). */
  calendars: TriggerCalendarResolver;
}

export interface ChainJobAudit extends Record<string, unknown> {
  before?: ChainJob | undefined;
  after?: ChainJob | undefined;
}

export function chainJobDto(row: Selectable<ChainJobTable>): ChainJob {
  return {
    companyCode: row.company_code,
    chainId: row.chain_id,
    chainName: row.chain_name,
    legacyList: row.legacy_list,
    isActive: row.is_active === 'Y' ? 'true' : 'false',
    cronTrigger: row.cron_trigger,
    importantJob: row.important_job === 'Y' ? 'true' : 'false',
    // Issue 34: only when a trigger has a calendar (the spec's client reads the answer as it was).
    ...(row.trigger_calendars ? { triggerCalendars: row.trigger_calendars } : {}),
  };
}

/**
 * The dialog's ImportantJob: 'true'/'false' in any case; absent keeps the stored value (a new chain:
 * not important). Anything else is refused with a message in the reader's language.
 */
export function importantJobFlag(text: string | undefined, before: YesNo | undefined): YesNo {
  if (text === undefined) return before ?? 'N';
  const flag = text.trim().toLowerCase();
  if (flag === 'true') return 'Y';
  if (flag === 'false') return 'N';
  throw invalid('CHAIN_JOB_IMPORTANT_INVALID', 'chainJobImportantInvalid', { value: text.slice(0, 40) });
}

/** Chain jobs of a company: members checked against its jobs, triggers kept in step. */
export class ChainJobService {
  constructor(private readonly options: ChainJobServiceOptions) {}

  async list(identity: Identity, query: ChainJobQuery) {
    const { rows, total } = await this.options.repo.list({
      ...this.filter(identity, query),
      ...paging(query.page, query.page_size),
    });
    return { result_list: rows.map(chainJobDto), total_count: total };
  }

  /** Every chain matching the list's filters, unpaged. */
  async export(identity: Identity, query: ChainJobExportQuery): Promise<ChainJob[]> {
    const { rows } = await this.options.repo.list(this.filter(identity, query));
    return rows.map(chainJobDto);
  }

  private filter(identity: Identity, query: ChainJobExportQuery) {
    return {
      codes: scopeCodes(identity, query.companyCode),
      chainId: query.chainJobId,
      chainName: query.chainJobName,
    };
  }

  /** `legacyId,legacyName` entries → the members, each named as its job is now named. */
  private async members(company: string, legacyList: string): Promise<string> {
    const ids: string[] = [];
    for (const raw of legacyList.split('|')) {
      const entry = raw.trim();
      if (entry === '') continue;
      const comma = entry.indexOf(',');
      const id = (comma >= 0 ? entry.slice(0, comma) : entry).trim();
      if (id === '' || id.length > 64)
        throw invalid('CHAIN_JOB_MEMBER_INVALID', 'chainJobMemberInvalid', { entry: entry.slice(0, 80) });
      if (ids.includes(id)) throw invalid('CHAIN_JOB_MEMBER_TWICE', 'chainJobMemberDuplicate', { id });
      ids.push(id);
    }
    if (ids.length === 0) throw invalid('CHAIN_JOB_MEMBERS_MISSING', 'chainJobNoMembers');
    const names = await this.options.repo.jobNames(company, ids);
    const unknown = ids.find((id) => !names.has(id));
    if (unknown !== undefined)
      throw invalid('CHAIN_JOB_MEMBER_UNKNOWN', 'chainJobMemberUnknown', { id: unknown, company });
    return ids.map((id) => `${id},${names.get(id) ?? ''}`).join('|');
  }

  private cronTrigger(text: string | undefined): string {
    const expressions = splitCronTrigger(text ?? '');
    for (const expression of expressions) {
      if (expression.length > 200)
        throw invalid('CRON_INVALID', 'chainJobCronInvalid', {
          expression: `${expression.slice(0, 60)}…`,
          problem: 'longer than 200 characters',
        });
      const validation = validateCron(expression);
      if (!validation.valid)
        throw invalid('CRON_INVALID', 'chainJobCronInvalid', { expression, problem: validation.message });
    }
    return expressions.join('|');
  }

  async save(body: ChainJobWrite, mode: 'insert' | 'update', username: string) {
    const { repo, companies, clock } = this.options;
    const company = body.CompanyCode;
    const id = body.ChainId;
    const before = await repo.get(company, id);
    if (mode === 'update' && !before)
      throw notFound('CHAIN_JOB_NOT_FOUND', 'chainJobNotFound', { id, company });
    if (mode === 'insert') {
      await requireCompany(companies, company);
      if (before) throw conflict('CHAIN_JOB_ID_TAKEN', 'chainJobDuplicate', { id, company });
    }
    const importantJob = importantJobFlag(body.ImportantJob, before?.important_job);
    const cronTrigger = this.cronTrigger(body.CronTrigger);
    const triggerCalendars = await this.options.triggerCalendars.resolve(
      company,
      body.TriggerCalendars,
      before?.trigger_calendars,
      splitCronTrigger(cronTrigger),
    );
    const legacyList = await this.members(company, body.LegacyList);
    const now = clock.now();
    const values = {
      company_code: company,
      chain_id: id,
      sid: body.Sid ?? before?.sid ?? DEFAULT_SID,
      chain_name: body.ChainName.trim(),
      legacy_list: legacyList,
      is_active: body.IsActive === 'true' ? ('Y' as const) : ('N' as const),
      cron_trigger: cronTrigger,
      trigger_calendars: triggerCalendars,
      important_job: importantJob,
      updated_at: now,
    };
    if (mode === 'insert') {
      if (!(await repo.insert({ ...values, created_by: username, created_at: now })))
        throw conflict('CHAIN_JOB_ID_TAKEN', 'chainJobDuplicate', { id, company });
    } else if (!(await repo.update(values))) {
      throw notFound('CHAIN_JOB_NOT_FOUND', 'chainJobNotFound', { id, company });
    }
    await this.sync(company, id);
    const after = await repo.get(company, id);
    return {
      before: before ? chainJobDto(before) : undefined,
      after: after ? chainJobDto(after) : undefined,
    } satisfies ChainJobAudit;
  }

  async delete(company: string, id: string) {
    const before = await this.options.repo.get(company, id);
    if (!before || !(await this.options.repo.delete(company, id)))
      throw notFound('CHAIN_JOB_NOT_FOUND', 'chainJobNotFound', { id, company });
    await this.sync(company, id);
    return { before: chainJobDto(before) } satisfies ChainJobAudit;
  }

  private async sync(companyCode: string, ownerId: string): Promise<void> {
    await syncTriggers(
      this.options.db,
      { kind: 'chain', companyCode, ownerId },
      { timeZone: this.options.timeZone, signal: this.options.signal, calendars: this.options.calendars },
    );
  }
}
