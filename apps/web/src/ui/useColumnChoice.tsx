import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../platform/i18n/I18nProvider';
import { ColumnChooser } from './ColumnChooser';
import { columnChooserMessages } from './column-chooser-messages';
import { columnsWidth } from './table-fit';
import { useShownColumns } from './useShownColumns';

/** Columns a user may show or hide (by column key), remembered in localStorage under `storageKey`. */
export interface ColumnChoice {
  storageKey: string;
  optional: readonly string[];
  /** Those of `optional` shown until the user chooses. */
  shownAtFirst?: readonly string[];
}

const NO_COLUMNS: readonly string[] = [];

/**
 * Issue 31: a list shows at 1366 px the columns that fit, and the spec's others are a tick away in a
 * "Columns" chooser (kept per screen). Returns the shown columns, their least width (the table's
 * sideways scroll starts only past it) and the chooser (null without a choice).
 */
export function useColumnChoice<Row>(
  columns: TableColumnsType<Row>,
  choice?: ColumnChoice,
): { columns: TableColumnsType<Row>; width: number; chooser: ReactNode } {
  const t = useT(columnChooserMessages);
  const shownColumns = useShownColumns(
    choice?.storageKey ?? '',
    choice?.optional ?? NO_COLUMNS,
    choice?.shownAtFirst ?? NO_COLUMNS,
  );
  const shown = columns.filter((column) => shownColumns.isShown(String(column.key ?? '')));
  const options = columns
    .filter((column) => choice?.optional.includes(String(column.key ?? '')))
    .map((column) => ({
      key: String(column.key),
      title: typeof column.title === 'string' ? column.title : String(column.key),
    }));
  return {
    columns: shown,
    width: columnsWidth(shown),
    chooser: choice ? <ColumnChooser label={t('columns')} options={options} columns={shownColumns} /> : null,
  };
}
