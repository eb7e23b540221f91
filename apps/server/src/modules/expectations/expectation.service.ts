import {
  DEFAULT_SID,
  type ExpectationDay,
  type ExpectationStatusResponse,
  type JobExpectation,
  type JobExpectationKey,
} from '@lis/contracts';
import { addDays, dayOfInstant, minuteOfDay } from '../../engine/expectations/expectation-days.js';
import type { SchedulerSignal } from '../../engine/scheduler/scheduler-signal.js';
import type { SystemLogRepository } from '../../engine/system-log/system-log.repository.js';
import { runMessage, type RunMessage } from '../../i18n/run-message.js';
import type { Clock } from '../../platform/clock.js';
import { invalid, notFound } from '../../platform/domain-error.js';
import type { JobConfigRepository } from '../job-config/job-config.repository.js';
import type {
  ExpectationDayRow,
  ExpectationRepository,
  JobExpectationRow,
} from './expectation.repository.js';

const iso = (at: number) => new Date(at).toISOString();

export interface ExpectationServiceDeps {
  repo: ExpectationRepository;
  jobs: JobConfigRepository;
  systemLog: SystemLogRepository;
  clock: Clock;
  /** LIS_TIMEZONE: the days and deadlines are in it. */
  timeZone: string;
  /** Raised after every write: the evaluators of every node read the expectations again. */
  signal: SchedulerSignal;
}

export interface ExpectationAudit extends Record<string, unknown> {
  before?: JobExpectation | undefined;
  after?: JobExpectation | undefined;
}

/** A day's state of one job, for the screens that show it beside the job (monitoring, timeline, reports). */
export interface DayExpectation {
  state: ExpectationDay['state'];
  deadline_at: string;
}

/** `{company}|{legacy id}`: the key of DayExpectation maps. */
export const jobKey = (company: string, legacyId: string) => `${company}|${legacyId}`;

/**
 * The refusal of an expectation the schema lets through: a deadline that is not HH:MM, `max_files`
 * below `min_files`, a warning that would come before the day starts.
 */
function checkExpectation(body: JobExpectation): void {
  const problem = (text: string) => invalid('EXPECTATION_INVALID', 'expectationInvalid', { problem: text });
  const minutes = minuteOfDay(body.deadline);
  if (minutes === undefined) throw problem(`deadline: ${body.deadline.slice(0, 20)} is not HH:MM`);
  if (body.max_files !== null && body.max_files < body.min_files)
    throw problem(`max_files (${body.max_files}) is below min_files (${body.min_files})`);
  if (body.warn_before_minutes > minutes)
    throw problem(
      `warn_before_minutes (${body.warn_before_minutes}) would warn before the day starts (deadline ${body.deadline})`,
    );
}

/** File deadlines of jobs (issue 35): one expectation per job, and each business day's state. */
export class ExpectationService {
  constructor(private readonly deps: ExpectationServiceDeps) {}

  async get(key: JobExpectationKey): Promise<JobExpectation> {
    await this.requireJob(key);
    const row = await this.deps.repo.get(key.company_code, key.legacy_id);
    if (!row) throw this.notFound(key);
    return toDto(row);
  }

  /** Creates or replaces a job's expectation. */
  async save(
    body: JobExpectation,
    username: string,
  ): Promise<{ expectation: JobExpectation; audit: ExpectationAudit }> {
    const sid = await this.requireJob(body);
    checkExpectation(body);
    const { company_code: company, legacy_id: legacyId } = body;
    const beforeRow = await this.deps.repo.get(company, legacyId);
    await this.deps.repo.save(
      company,
      legacyId,
      {
        enabled: body.enabled ? 1 : 0,
        deadline: body.deadline,
        warn_before_minutes: body.warn_before_minutes,
        min_files: body.min_files,
        max_files: body.max_files,
        min_size_bytes: body.min_size_bytes,
      },
      this.deps.clock.now(),
      username,
    );
    const expectation = await this.get(body);
    await this.log(
      sid,
      company,
      runMessage('expectationSavedBy', { legacyId, deadline: body.deadline, user: username }),
    );
    await this.deps.signal.notify('triggers', [company]);
    return { expectation, audit: { before: beforeRow && toDto(beforeRow), after: expectation } };
  }

  async delete(key: JobExpectationKey, username: string): Promise<{ audit: ExpectationAudit }> {
    const sid = await this.requireJob(key);
    const before = await this.get(key);
    if (!(await this.deps.repo.delete(key.company_code, key.legacy_id))) throw this.notFound(key);
    await this.log(
      sid,
      key.company_code,
      runMessage('expectationDeletedBy', { legacyId: key.legacy_id, user: username }),
    );
    await this.deps.signal.notify('triggers', [key.company_code]);
    return { audit: { before } };
  }

  /** Every expecting job's state on `date` (yyyy-mm-dd; none: today) in these companies (null: all). */
  async status(
    companies: readonly string[] | null,
    date: string | undefined,
  ): Promise<ExpectationStatusResponse> {
    const day = date ?? this.today();
    if (addDays(day, 0) !== day)
      throw invalid('EXPECTATION_INVALID', 'expectationInvalid', { problem: `date: ${day} is not a day` });
    const rows = await this.deps.repo.daysOn(companies, day);
    return { result_list: rows.map(toDayDto) };
  }

  /** The states of `day` (none: today) of the expecting jobs of these companies (null: all), by jobKey. */
  async statesOn(
    companies: readonly string[] | null,
    day = this.today(),
  ): Promise<Map<string, DayExpectation>> {
    const rows = await this.deps.repo.daysOn(companies, day);
    return new Map(
      rows.map((row) => [
        jobKey(row.company_code, row.legacy_id),
        { state: row.state, deadline_at: iso(Number(row.deadline_at)) },
      ]),
    );
  }

  /** Today's days by state (every company), for /metrics. */
  countsToday(): Promise<Map<string, number>> {
    return this.deps.repo.countByState(this.today());
  }

  private today(): string {
    return dayOfInstant(this.deps.clock.now(), this.deps.timeZone);
  }

  /** The job's SID; JOB_NOT_FOUND when the company has no such job. */
  private async requireJob(key: JobExpectationKey): Promise<string> {
    const job = await this.deps.jobs.get(key.company_code, key.legacy_id);
    if (!job)
      throw notFound('JOB_NOT_FOUND', 'jobNotFound', { company: key.company_code, legacyId: key.legacy_id });
    return job.sid;
  }

  private notFound(key: JobExpectationKey) {
    return notFound('EXPECTATION_NOT_FOUND', 'expectationNotFound', {
      company: key.company_code,
      legacyId: key.legacy_id,
    });
  }

  private async log(sid: string, company: string, message: RunMessage): Promise<void> {
    await this.deps.systemLog.append({
      sid: sid || DEFAULT_SID,
      companyCode: company,
      jobInstanceNo: null,
      logType: 'INFO',
      message,
      msgSource: 'expectations',
      createdAt: this.deps.clock.now(),
    });
  }
}

function toDto(row: JobExpectationRow): JobExpectation {
  return {
    company_code: row.company_code,
    legacy_id: row.legacy_id,
    enabled: Number(row.enabled) === 1,
    deadline: row.deadline,
    warn_before_minutes: Number(row.warn_before_minutes),
    min_files: Number(row.min_files),
    max_files: row.max_files === null ? null : Number(row.max_files),
    min_size_bytes: Number(row.min_size_bytes),
  };
}

function toDayDto(row: ExpectationDayRow): ExpectationDay {
  return {
    company_code: row.company_code,
    legacy_id: row.legacy_id,
    business_day: row.business_day,
    deadline_at: iso(Number(row.deadline_at)),
    warn_at: iso(Number(row.warn_at)),
    state: row.state,
    arrived_at: row.arrived_at === null ? null : iso(Number(row.arrived_at)),
    job_instance_no: row.job_instance_no,
    files: Number(row.files),
  };
}
