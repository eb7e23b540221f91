import type { QuartzRow } from '@lis/contracts';

/** The Quartz Monitor's filters (spec 001 §5): text parts and dates as typed, '' meaning "any". */
export interface QuartzFilters {
  legacyName: string;
  companyCode: string;
  legacyId: string;
  /** dd/mm/yyyy */
  lastFire: string;
  /** dd/mm/yyyy */
  nextFire: string;
}

export const EMPTY_QUARTZ_FILTERS: QuartzFilters = {
  legacyName: '',
  companyCode: '',
  legacyId: '',
  lastFire: '',
  nextFire: '',
};

/** Spec 001 §3: the company code is the part of jobGroup after '|'. */
export function companyOfGroup(jobGroup: string): string {
  const bar = jobGroup.indexOf('|');
  return bar >= 0 ? jobGroup.slice(bar + 1) : jobGroup;
}

function contains(value: string, part: string): boolean {
  const wanted = part.trim().toLowerCase();
  return wanted === '' || value.toLowerCase().includes(wanted);
}

/** A quartz time 'dd-mm-yyyy hh:mm:ss' is on a filter date 'dd/mm/yyyy' when its date part is that day. */
export function onDate(quartzTime: string, date: string): boolean {
  if (date === '') return true;
  return quartzTime.slice(0, 10) === date.replace(/\//g, '-');
}

export function matchesQuartzFilters(row: QuartzRow, filters: QuartzFilters): boolean {
  return (
    contains(row.legacy_name, filters.legacyName) &&
    contains(companyOfGroup(row.jobGroup), filters.companyCode) &&
    contains(row.jobName, filters.legacyId) &&
    onDate(row.previous_fire, filters.lastFire) &&
    onDate(row.next_fire, filters.nextFire)
  );
}

export function filterQuartzRows(rows: readonly QuartzRow[], filters: QuartzFilters): QuartzRow[] {
  return rows.filter((row) => matchesQuartzFilters(row, filters));
}

/** What the stop button does for a trigger in this state; none for COMPLETE and ERROR. */
export function triggerAction(row: QuartzRow): 'pause' | 'resume' | undefined {
  if (row.state === 'WAITING') return 'pause';
  if (row.state === 'PAUSED') return 'resume';
  return undefined;
}
