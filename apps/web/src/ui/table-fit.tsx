import type { TableColumnsType } from 'antd';
import { IdText } from './IdText';

/** The width a column without a fixed width in px is given when the table's least width is summed. */
const FLEXIBLE_COLUMN = 120;

/**
 * The least width of a table with fixed layout: the sum of its columns' widths in px, a column
 * without one counted as `FLEXIBLE_COLUMN` (issue 31: a table scrolls sideways only when the user
 * chose more columns than the window holds).
 */
export function columnsWidth<Row>(columns: TableColumnsType<Row>): number {
  return columns.reduce(
    (sum, column) => sum + (typeof column.width === 'number' ? column.width : FLEXIBLE_COLUMN),
    0,
  );
}

/** A cell showing an id whole: it wraps only after `_`, `-`, `.` or `/`, never with "…" (issue 31). */
export const idCell = (value: string | null | undefined) => <IdText value={value ?? ''} />;

/** The same in bold: the id that names the row. */
export const strongIdCell = (value: string | null | undefined) => <IdText value={value ?? ''} strong />;
