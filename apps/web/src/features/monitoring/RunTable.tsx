import type { LegacyReportRow } from '@lis/contracts';
import { Table, type TableColumnsType } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { runTableMessages } from '../../ui/run-table.i18n';
import { StepStatusStrip, type StepStatusItem } from '../../ui/StepStatusStrip';
import { pageFontFamily, widestText } from '../../ui/text-width';
import { reportRowKey, rowClassName } from './report-rows';
import { reportSteps } from './report-steps';

interface RunTableProps {
  rows: readonly LegacyReportRow[];
  /** Before the first answer (or while the list is cleared): 'Loading...' rather than 'No Data...'. */
  pending: boolean;
  columns: TableColumnsType<LegacyReportRow>;
  /** The body's box: `x` as wide as the columns need, `y` the height the body may take. */
  scroll: { x: number; y: number };
  /** Small on the report (dense rows), middle on the wall (its larger type). */
  size: 'small' | 'middle';
  bordered?: boolean;
}

/**
 * A table of the jobs' latest runs — the monitoring report's and the wall display's: a row a job
 * (`reportRowKey`) in its state's colour (`rowClassName`), virtual (DESIGN §8: 5,000 rows), the columns
 * at their given widths (fixed layout), no pager. Each screen brings its columns and its box.
 */
export function RunTable({ rows, pending, columns, scroll, size, bordered = false }: RunTableProps) {
  const t = useT(runTableMessages);
  return (
    <Table<LegacyReportRow>
      virtual
      rowKey={reportRowKey}
      size={size}
      bordered={bordered}
      tableLayout="fixed"
      scroll={scroll}
      columns={columns}
      dataSource={rows as LegacyReportRow[]}
      rowClassName={rowClassName}
      pagination={false}
      locale={{ emptyText: pending ? t('loading') : t('noData') }}
    />
  );
}

/**
 * The Steps cell of a job's row: steps 1–5 and the e-mail as the strip of badges, each with its name,
 * state, time and message on hover; `decorate` adds a screen's own parts to the badges (the report's
 * re-run and files buttons).
 */
export function RunStepsCell({
  row,
  decorate,
}: {
  row: LegacyReportRow;
  decorate?: (steps: StepStatusItem[]) => void;
}) {
  const t = useT(runTableMessages);
  const steps = reportSteps(row, t);
  decorate?.(steps);
  return <StepStatusStrip label={t('stepsOf', { legacyId: row.legacyid })} steps={steps} />;
}

/** The width in px of the longest legacy ID of `rows` as the tables show it (bold, `.legacy-report-id`). */
export const widestLegacyId = (rows: readonly LegacyReportRow[], fontPx: number): number =>
  widestText(
    rows.map((row) => row.legacyid),
    `600 ${fontPx}px ${pageFontFamily()}`,
  );
