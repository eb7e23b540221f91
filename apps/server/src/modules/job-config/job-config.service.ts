import {
  CONTROL_CHARACTERS,
  DEFAULT_SID,
  EMAIL_KINDS,
  EMAIL_LIST_MAX,
  FILENAME_REGEX_MAX,
  FILENAME_SAMPLE_MAX,
  FILENAME_SAMPLES_MAX,
  JOB_CONFIG_DEFAULTS,
  JOB_CONFIG_EMAIL_FIELDS,
  JOB_CONFIG_TEXT_FIELDS,
  JOB_POLICY_DEFAULTS,
  type JobConfig,
  type JobConfigListQuery,
  type JobConfigListRow,
  type JobConfigTextField,
  type JobConfigWrite,
} from '@lis/contracts';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { JobConfigTable, YesNo } from '../../db/schema.js';
import { validateCron } from '../../engine/cron/index.js';
import {
  doneMarkerProblem,
  excludedNamesProblem,
  normaliseExcludedNames,
} from '../../engine/pipeline/steps/source-file-choice.js';
import type { SchedulerSignal } from '../../engine/scheduler/scheduler-signal.js';
import { syncTriggers } from '../../engine/scheduler/trigger-sync.js';
import { filterMatching, RegexTimeoutError } from '../../platform/bounded-regex.js';
import type { Clock } from '../../platform/clock.js';
import type { Identity } from '../access/access.js';
import type { TriggerCalendarCheck } from '../calendars/trigger-calendars.js';
import type { TriggerCalendarResolver } from '../../engine/scheduler/trigger-calendar.js';
import type { CompanyRepository } from '../companies/company.repository.js';
import { paging, requireCompany, scopeCodes } from '../server-config/config-scope.js';
import type { JobConfigRepository, JobConfigRow } from './job-config.repository.js';
import { invalid, notFound, conflict } from '../../platform/domain-error.js';
import { parseRetryPolicy } from '../../engine/runs/retry-policy.js';
import { retryPolicyColumn } from './retry-policy-column.js';

type AuditDetails = Record<string, unknown>;

/** Fields holding a remote sFTP path: absolute, no `..`, no backslash, no control characters. */
const REMOTE_PATH_FIELDS = ['sftp_source_path', 'sftp_return_path'] as const;
/**
 * Sub-folders (relative to their job's path at run time, or absolute as given): no `..`, no backslash,
 * no control characters — the run's rule (adapters/sftp confined-path) checked at save already.
 */
const SUB_FOLDER_FIELDS = [
  'sftp_source_dest_localpath',
  'sftp_return_success_path',
  'sftp_return_error_path',
  'edi_source_result_path',
  'edi_source_success_path',
  'edi_source_error_path',
  'api_success_path',
  'api_error_path',
  'api_result_path',
] as const;
/** Fields holding a regular expression over file names. */
const REGEX_FIELDS = ['sftp_source_formatfilename', 'sftp_return_formatfilename'] as const;
/** Server references, each checked against the servers of the job's own company. */
const SERVER_FIELDS = [
  ['sftp_source_server_id', 'sftp'],
  ['sftp_return_server_id', 'sftp'],
  ['api_serverid', 'api'],
  ['dms_serverid', 'dms'],
] as const;

/** A `|`-joined list with spaces removed and blank entries dropped. */
export function normaliseList(value: string | undefined, removeSpaces: boolean): string[] {
  return (value ?? '')
    .split('|')
    .map((entry) => (removeSpaces ? entry.replace(/\s+/g, '') : entry.trim()))
    .filter((entry) => entry.length > 0);
}

/** Whether a folder is free of `..` segments, backslashes (a separator elsewhere) and control characters. */
export function isPlainFolder(path: string): boolean {
  return !CONTROL_CHARACTERS.test(path) && !path.includes('\\') && !path.split('/').includes('..');
}

/** Whether a remote path is absolute and a plain folder (no `..`, backslash or control character). */
export function isAbsoluteRemotePath(path: string): boolean {
  return path.startsWith('/') && isPlainFolder(path);
}

/** A regular expression compiled, or the engine's complaint. */
export function compileRegex(pattern: string): { regex: RegExp } | { problem: string } {
  try {
    return { regex: new RegExp(pattern, 'u') };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Spec 001 §7 filename validator: the distinct non-empty samples that the whole pattern matches.
 * Bounded input (pattern ≤ 500 characters, ≤ 200 samples of ≤ 255 characters) and a time limit on
 * matching keep a catastrophic pattern from hanging the server.
 */
export function matchFilenames(pattern: string, samples: unknown): string[] {
  if (pattern.length > FILENAME_REGEX_MAX)
    throw invalid('FILENAME_REGEX_TOO_LONG', 'filenameRegexTooLong', { max: FILENAME_REGEX_MAX });
  if (!Array.isArray(samples) || samples.length === 0)
    throw invalid('FILENAME_SAMPLES_MISSING', 'filenameSamplesRequired');
  if (
    samples.length > FILENAME_SAMPLES_MAX ||
    samples.some((s) => typeof s !== 'string' || s.length > FILENAME_SAMPLE_MAX)
  )
    throw invalid('FILENAME_SAMPLES_TOO_MANY', 'filenameSamplesTooMany', {
      max: FILENAME_SAMPLES_MAX,
      length: FILENAME_SAMPLE_MAX,
    });
  const names = samples as string[];
  if (names.some((s) => s.trim() === '')) throw invalid('FILENAME_SAMPLE_EMPTY', 'filenameSampleEmpty');
  const compiled = compileRegex(`^(?:${pattern})$`);
  if ('problem' in compiled) {
    const alone = compileRegex(pattern);
    throw invalid('FILENAME_REGEX_INVALID', 'filenameRegexInvalid', {
      problem: 'problem' in alone ? alone.problem : compiled.problem,
    });
  }
  try {
    return filterMatching(compiled.regex, [...new Set(names)]);
  } catch (error) {
    if (error instanceof RegexTimeoutError)
      throw invalid('FILENAME_REGEX_TOO_SLOW', 'filenameRegexTooSlow', { ms: error.timeLimitMs });
    throw error;
  }
}

const yn = (value: string | undefined, fallback: YesNo): YesNo =>
  value === 'Y' || value === 'N' ? value : fallback;

/** The stored row as the spec's job form. */
export function jobConfigDto(row: JobConfigRow): JobConfig {
  const text = Object.fromEntries(
    Object.keys(JOB_CONFIG_TEXT_FIELDS).map((f) => [f, row[f as JobConfigTextField] ?? '']),
  ) as Record<JobConfigTextField, string>;
  const emails = Object.fromEntries(JOB_CONFIG_EMAIL_FIELDS.map((f) => [f, row[f] ?? ''])) as Record<
    (typeof JOB_CONFIG_EMAIL_FIELDS)[number],
    string
  >;
  return {
    sid: row.sid,
    companycode: row.company_code,
    legacyid: row.legacy_id,
    legacyname: row.legacy_name,
    legacytype: row.legacy_type,
    important_job: row.important_job,
    isactive: row.is_active,
    hassuspend: row.has_suspend,
    stopif_step4_error: row.stopif_step4_error,
    criteria_stopif_mainstatus_warning: row.criteria_stopif_mainstatus_warning,
    cron_trigger: row.cron_trigger,
    trigger_calendars: row.trigger_calendars,
    legacy_criteria: row.legacy_criteria,
    overlap_policy: row.overlap_policy,
    misfire_policy: row.misfire_policy,
    retry_policy: parseRetryPolicy(row.retry_policy) ?? null,
    sftp_source_isdeletesource: row.sftp_source_isdeletesource,
    sftp_source_min_age_seconds: row.sftp_source_min_age_seconds,
    sftp_source_done_marker: row.sftp_source_done_marker ?? '',
    sftp_source_exclude_names: row.sftp_source_exclude_names ?? '',
    email_finished_is_active: row.email_finished_is_active,
    email_warning_is_active: row.email_warning_is_active,
    email_error_is_active: row.email_error_is_active,
    f1_function_error_email_is_active: row.f1_function_error_email_is_active,
    ...text,
    ...emails,
  };
}

export function jobConfigListRow(row: JobConfigRow): JobConfigListRow {
  return {
    sid: row.sid,
    companycode: row.company_code,
    legacyid: row.legacy_id,
    legacyname: row.legacy_name,
    legacytype: row.legacy_type,
    sftp_source_server_id: row.sftp_source_server_id ?? '',
    api_serverid: row.api_serverid ?? '',
    api_classname: row.api_classname ?? '',
    api_function_name: row.api_function_name ?? '',
    isactive: row.is_active,
    cron_trigger: row.cron_trigger,
  };
}

/**
 * Step 1's stability options (decision 0018). A field left out keeps its stored value (legacy clients
 * do not send it); a blank marker or exclusion list is stored as NULL (no marker; the default names).
 */
function sourceStability(body: JobConfigWrite, before: JobConfigRow | undefined) {
  const marker = body.sftp_source_done_marker?.trim();
  if (marker) {
    const problem = doneMarkerProblem(marker);
    if (problem !== null)
      throw invalid('JOB_DONE_MARKER_INVALID', 'jobConfigDoneMarkerInvalid', {
        field: 'sftp_source_done_marker',
        problem,
      });
  }
  const excluded = body.sftp_source_exclude_names;
  if (excluded !== undefined) {
    const problem = excludedNamesProblem(excluded);
    if (problem !== null)
      throw invalid('JOB_EXCLUDE_NAMES_INVALID', 'jobConfigExcludeNamesInvalid', {
        field: 'sftp_source_exclude_names',
        ...problem,
      });
  }
  return {
    sftp_source_min_age_seconds: body.sftp_source_min_age_seconds ?? before?.sftp_source_min_age_seconds ?? 0,
    sftp_source_done_marker:
      marker === undefined ? (before?.sftp_source_done_marker ?? null) : marker || null,
    sftp_source_exclude_names:
      excluded === undefined
        ? (before?.sftp_source_exclude_names ?? null)
        : normaliseExcludedNames(excluded) || null,
  };
}

type JobColumns = Omit<
  Insertable<JobConfigTable>,
  'created_at' | 'updated_at' | 'updated_by' | 'has_suspend'
>;

export interface JobConfigServiceDeps {
  repo: JobConfigRepository;
  companies: CompanyRepository;
  db: Db;
  clock: Clock;
  timeZone: string;
  signal: SchedulerSignal;
  /** Issue 34: the calendars a job's triggers name, checked against its company's. */
  triggerCalendars: TriggerCalendarCheck;
  /** Finds the calendars the job's triggers name when they are re-planned (modules/calendars). */
  calendars: TriggerCalendarResolver;
}

/** Job configurations of a company: validated, audited, and their triggers kept in step. */
export class JobConfigService {
  constructor(private readonly deps: JobConfigServiceDeps) {}

  private filter(identity: Identity, query: JobConfigListQuery) {
    return {
      codes: scopeCodes(identity, query.company_code),
      sid: query.sid,
      legacyId: query.legacy_id,
      legacyName: query.legacy_name,
      apiClassName: query.api_class_name,
      apiFunctionName: query.api_function_name,
      legacyType: query.legacy_type,
    };
  }

  async list(identity: Identity, query: JobConfigListQuery) {
    const { rows, total } = await this.deps.repo.list(
      this.filter(identity, query),
      paging(query.page, query.page_size),
    );
    return { result_list: rows.map(jobConfigListRow), total_count: total };
  }

  async export(identity: Identity, query: JobConfigListQuery) {
    const { rows, total } = await this.deps.repo.list(this.filter(identity, query));
    return { result_list: rows.map(jobConfigDto), total_count: total };
  }

  async get(company: string, legacyId: string): Promise<JobConfig> {
    const row = await this.deps.repo.get(company, legacyId);
    if (!row) throw notFound('JOB_NOT_FOUND', 'jobConfigNotFound', { id: legacyId, company });
    return jobConfigDto(row);
  }

  /** Every server-side rule of spec 001 §3/§5 (and issue 5 item 7); the columns to store. */
  private async validate(body: JobConfigWrite, before: JobConfigRow | undefined) {
    const company = body.companycode;
    const { repo } = this.deps;
    const field = (name: string): string | undefined => {
      const value = (body as Record<string, unknown>)[name];
      return typeof value === 'string' ? value : undefined;
    };

    const crons = normaliseList(body.cron_trigger, false);
    for (const expression of crons) {
      const check = validateCron(expression);
      if (!check.valid)
        throw invalid('CRON_INVALID', 'jobConfigCronInvalid', { expression, problem: check.message });
    }
    const triggerCalendars = await this.deps.triggerCalendars.resolve(
      company,
      body.trigger_calendars,
      before?.trigger_calendars,
      crons,
    );
    for (const name of REGEX_FIELDS) {
      const pattern = field(name);
      if (!pattern) continue;
      const compiled = compileRegex(pattern);
      if ('problem' in compiled)
        throw invalid('JOB_PATTERN_INVALID', 'jobConfigRegexInvalid', {
          field: name,
          problem: compiled.problem,
        });
    }
    for (const name of REMOTE_PATH_FIELDS) {
      const path = field(name);
      if (path && !isAbsoluteRemotePath(path))
        throw invalid('JOB_PATH_INVALID', 'jobConfigPathInvalid', { field: name });
    }
    for (const name of SUB_FOLDER_FIELDS) {
      const path = field(name)?.trim();
      if (path && !isPlainFolder(path))
        throw invalid('JOB_FOLDER_INVALID', 'jobConfigFolderInvalid', { field: name });
    }
    for (const name of [...Object.keys(JOB_CONFIG_TEXT_FIELDS), 'legacyname']) {
      const value = field(name);
      if (value && CONTROL_CHARACTERS.test(value))
        throw invalid('JOB_TEXT_INVALID', 'jobConfigTextInvalid', { field: name });
    }
    for (const [name, kind] of SERVER_FIELDS) {
      const id = field(name);
      if (id && !(await repo.serverExists(kind, company, id)))
        throw invalid('JOB_SERVER_UNKNOWN', 'jobConfigServerUnknown', { field: name, id, company });
    }
    const stability = sourceStability(body, before);
    const predecessors = [...new Set(normaliseList(body.legacy_criteria, true))];
    if (predecessors.includes(body.legacyid))
      throw invalid('JOB_PREDECESSOR_SELF', 'jobConfigPredecessorSelf', { id: body.legacyid });
    const known = await repo.existingLegacyIds(company, predecessors);
    const unknown = predecessors.find((id) => !known.has(id));
    if (unknown !== undefined)
      throw invalid('JOB_PREDECESSOR_UNKNOWN', 'jobConfigPredecessorUnknown', { id: unknown, company });

    const emails = Object.fromEntries(
      JOB_CONFIG_EMAIL_FIELDS.map((name) => {
        const joined = normaliseList(field(name), true).join('|');
        if (joined.length > EMAIL_LIST_MAX)
          throw invalid('JOB_FIELD_TOO_LONG', 'jobConfigTooLong', { field: name, max: EMAIL_LIST_MAX });
        return [name, joined || null];
      }),
    );
    const text = Object.fromEntries(
      Object.keys(JOB_CONFIG_TEXT_FIELDS).map((name) => {
        const value = field(name)?.trim();
        const fallback = (JOB_CONFIG_DEFAULTS as Record<string, string>)[name];
        return [name, value ? value : (fallback ?? null)];
      }),
    );
    const flag = (name: string, fallback: YesNo) =>
      yn(field(name), (before?.[name as keyof JobConfigRow] as YesNo | undefined) ?? fallback);
    const columns: JobColumns = {
      sid: body.sid ?? before?.sid ?? DEFAULT_SID,
      company_code: company,
      legacy_id: body.legacyid,
      legacy_name: body.legacyname.trim(),
      legacy_type: body.legacytype,
      important_job: body.important_job ?? before?.important_job ?? JOB_CONFIG_DEFAULTS.important_job,
      is_active: flag('isactive', 'N'),
      stopif_step4_error: flag('stopif_step4_error', 'N'),
      criteria_stopif_mainstatus_warning: flag('criteria_stopif_mainstatus_warning', 'Y'),
      sftp_source_isdeletesource: flag('sftp_source_isdeletesource', 'N'),
      ...Object.fromEntries(EMAIL_KINDS.map((kind) => [`${kind}_is_active`, flag(`${kind}_is_active`, 'N')])),
      cron_trigger: crons.join('|'),
      trigger_calendars: triggerCalendars,
      overlap_policy: body.overlap_policy ?? before?.overlap_policy ?? JOB_POLICY_DEFAULTS.overlap_policy,
      misfire_policy: body.misfire_policy ?? before?.misfire_policy ?? JOB_POLICY_DEFAULTS.misfire_policy,
      retry_policy:
        body.retry_policy === undefined
          ? (before?.retry_policy ?? null)
          : retryPolicyColumn(body.retry_policy),
      legacy_criteria: predecessors.join('|'),
      ...stability,
      ...text,
      ...emails,
    };
    return columns;
  }

  async save(body: JobConfigWrite, mode: 'add' | 'update', username: string): Promise<AuditDetails> {
    const { repo, clock } = this.deps;
    const company = body.companycode;
    const id = body.legacyid;
    const before = await repo.get(company, id);
    if (mode === 'update' && !before) throw notFound('JOB_NOT_FOUND', 'jobConfigNotFound', { id, company });
    if (mode === 'add') {
      await requireCompany(this.deps.companies, company);
      if (before) throw conflict('JOB_ID_TAKEN', 'jobConfigDuplicate', { id, company });
    }
    const columns = await this.validate(body, before);
    const now = clock.now();
    if (mode === 'add') {
      const inserted = await repo.insert({
        ...columns,
        has_suspend: 'N',
        created_at: now,
        updated_at: now,
        updated_by: username,
      });
      if (!inserted) throw conflict('JOB_ID_TAKEN', 'jobConfigDuplicate', { id, company });
    } else {
      await repo.update(company, id, { ...columns, updated_at: now, updated_by: username });
    }
    await this.syncTriggers(company, id);
    const after = await repo.get(company, id);
    return {
      before: before ? jobConfigDto(before) : undefined,
      after: after ? jobConfigDto(after) : undefined,
    };
  }

  async delete(company: string, id: string): Promise<AuditDetails> {
    const before = await this.deps.repo.get(company, id);
    if (!before || !(await this.deps.repo.delete(company, id, this.deps.clock.now())))
      throw notFound('JOB_NOT_FOUND', 'jobConfigNotFound', { id, company });
    await this.syncTriggers(company, id);
    return { before: jobConfigDto(before) };
  }

  private async syncTriggers(companyCode: string, ownerId: string): Promise<void> {
    await syncTriggers(
      this.deps.db,
      { kind: 'job', companyCode, ownerId },
      { timeZone: this.deps.timeZone, signal: this.deps.signal, calendars: this.deps.calendars },
    );
  }
}
