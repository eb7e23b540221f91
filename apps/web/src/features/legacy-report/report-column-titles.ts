import type { MonitoringKey } from '../monitoring';
import type { OptionalColumn, ReportColumn } from './report-columns';

type Translate = (key: MonitoringKey) => string;

const TITLES: Record<Exclude<ReportColumn, 'paths'>, MonitoringKey> = {
  menu: 'menu',
  index: 'index',
  company: 'companyCode',
  identity: 'legacyId',
  status: 'status',
  steps: 'steps',
  next: 'nextFire',
  start: 'jobStart',
  finish: 'jobFinished',
  jobno: 'jobInstanceNo',
  type: 'legacyType',
  message: 'message',
};

/** A column's header text (the path buttons' comes from the files dictionary). */
export const reportColumnTitle = (column: ReportColumn, t: Translate, pathsTitle: string): string =>
  column === 'paths' ? pathsTitle : t(TITLES[column]);

/** A column's name in the column chooser: its header, or words that say more than '#' or 'sFTP Path'. */
export function chooserLabel(column: OptionalColumn, t: Translate, pathsTitle: string): string {
  if (column === 'index') return t('rowNumber');
  if (column === 'paths') return t('pathsColumn');
  return reportColumnTitle(column, t, pathsTitle);
}
