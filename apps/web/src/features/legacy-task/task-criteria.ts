import { DEFAULT_SID, type LegacyTaskQuery } from '@lis/contracts';

/** Spec 000 §2: the status checkboxes of the task screen, in its order; STOPPED after them (issue 31). */
export const TASK_STATUSES = ['FINISHED', 'RUNNING', 'WARNING', 'ERROR', 'STOPPED'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** The search of the task screen; dates as yyyymmdd ('' when not chosen). */
export interface TaskCriteria {
  companyCode: string;
  legacyId: string;
  jobInstanceNo: string;
  legacyName: string;
  statuses: TaskStatus[];
  startFrom: string;
  startTo: string;
}

export const EMPTY_TASK_CRITERIA: TaskCriteria = {
  companyCode: '',
  legacyId: '',
  jobInstanceNo: '',
  legacyName: '',
  statuses: [],
  startFrom: '',
  startTo: '',
};

/** Spec 000 §9: the saved task search ("a second key", its name not given). */
export const TASK_SEARCH_STORAGE_KEY = 'LG_TASK_SEARCH';

const DAY = /^\d{8}$/;
const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');
const day = (value: unknown) => (typeof value === 'string' && DAY.test(value) ? value : '');

/** What was saved, kept only where it is still valid (an old or hand-edited value is dropped). */
export function parseTaskCriteria(saved: unknown): TaskCriteria {
  if (typeof saved !== 'object' || saved === null) return EMPTY_TASK_CRITERIA;
  const value = saved as Record<string, unknown>;
  const statuses = Array.isArray(value.statuses)
    ? TASK_STATUSES.filter((status) => (value.statuses as unknown[]).includes(status))
    : [];
  return {
    companyCode: text(value.companyCode, 32),
    legacyId: text(value.legacyId, 100),
    jobInstanceNo: text(value.jobInstanceNo, 160),
    legacyName: text(value.legacyName, 200),
    statuses,
    startFrom: day(value.startFrom),
    startTo: day(value.startTo),
  };
}

export function loadTaskCriteria(): TaskCriteria {
  try {
    const stored = localStorage.getItem(TASK_SEARCH_STORAGE_KEY);
    return stored ? parseTaskCriteria(JSON.parse(stored)) : EMPTY_TASK_CRITERIA;
  } catch {
    return EMPTY_TASK_CRITERIA;
  }
}

export function saveTaskCriteria(criteria: TaskCriteria): void {
  localStorage.setItem(TASK_SEARCH_STORAGE_KEY, JSON.stringify(criteria));
}

export function clearTaskCriteria(): void {
  localStorage.removeItem(TASK_SEARCH_STORAGE_KEY);
}

/** Spec 000 §5: job searches send dates as yyyymmdd000000. */
export const searchDate = (yyyymmdd: string) => (yyyymmdd ? `${yyyymmdd}000000` : undefined);

const trimmed = (value: string) => value.trim() || undefined;

/** `GET /v1/legacy/task`'s query for a page of the search. */
export function taskQuery(criteria: TaskCriteria, page: number, pageSize: number): LegacyTaskQuery {
  return {
    sid: DEFAULT_SID,
    company_code: trimmed(criteria.companyCode),
    status: criteria.statuses.length > 0 ? criteria.statuses : undefined,
    page,
    page_size: pageSize,
    job_instance_no: trimmed(criteria.jobInstanceNo),
    legacy_id: trimmed(criteria.legacyId),
    legacy_name: trimmed(criteria.legacyName),
    job_started_on_from: searchDate(criteria.startFrom),
    job_started_on_to: searchDate(criteria.startTo),
  };
}

/** Spec 000 §7: the export sends only the start window ('to' defaults to 'from' on the server). */
export function taskExportQuery(criteria: Pick<TaskCriteria, 'startFrom' | 'startTo'>): LegacyTaskQuery {
  return {
    sid: DEFAULT_SID,
    job_started_on_from: searchDate(criteria.startFrom),
    job_started_on_to: searchDate(criteria.startTo),
  };
}
