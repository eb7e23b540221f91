import { PAGE_SIZES } from '@lis/contracts';
import { Flex, Pagination, Table, type TableProps } from 'antd';
import { useLanguage } from '../../platform/i18n/I18nProvider';
import { plural, type PluralKeys } from '../../platform/i18n/language';
import { useColumnChoice, type ColumnChoice } from '../useColumnChoice';

/** The state a configuration list shows: from `usePagedList` or `useSearchedList`. */
export interface ListState {
  page: number;
  pageSize: number;
  total: number;
  changePage: (page: number, pageSize: number) => void;
}

/** A loaded page of rows, as `usePagedList` and `useSearchedList` give it. */
export type PagedRows<Row> = ListState & LoadedRows<Row>;

/** A reload under rows already shown (the first load shows 'Loading...' in the empty table instead). */
export const isReloading = (list: { isPending: boolean; isFetching: boolean }) =>
  list.isFetching && !list.isPending;

/** "25 items": the screen's own message for a count, in the language's plural form. */
export function useTotalText<K extends string>(
  t: (key: K, values?: Record<string, string | number>) => string,
  keys: PluralKeys<K>,
) {
  const { language } = useLanguage();
  return (count: number) => t(plural(language, count, keys), { total: count });
}

/** The paging of a configuration list: page sizes 10/25/50/100 and the count in the screen's words. */
export const listPaging = (list: ListState, totalText: (count: number) => string) => ({
  current: list.page,
  pageSize: list.pageSize,
  total: list.total,
  pageSizeOptions: [...PAGE_SIZES],
  showSizeChanger: true,
  showTotal: totalText,
  onChange: list.changePage,
});

/** What a list table shows: the rows, whether the first load is running, whether a reload is. */
export interface LoadedRows<Row> {
  rows: readonly Row[];
  isPending: boolean;
  isFetching: boolean;
}

interface ResourceTableProps<Row> extends Omit<
  TableProps<Row>,
  'dataSource' | 'locale' | 'pagination' | 'loading'
> {
  list: LoadedRows<Row>;
  /** The screen's words for the empty table: 'Loading...' before the first answer, else 'No Data...'. */
  t: (key: 'loading' | 'noData') => string;
  /** Something else runs on the list (e.g. a Test Connection): the table shows its spinner too. */
  busy?: boolean;
  /** The table's own paging (`listPaging`); none when the screen shows a `ResourcePagination` below it. */
  pagination?: TableProps<Row>['pagination'];
  /**
   * Below this width the table scrolls sideways; by default the sum of the shown columns' widths. At
   * 1366 px a list has about 940 px: the columns shown at first fit it (issue 31).
   */
  minWidth?: number;
  /** The spec's columns that do not fit 1366 px: a "Columns" chooser above the table, kept per screen. */
  chooser?: ColumnChoice;
}

/** A configuration screen's list: bordered, fixed layout, the screen's empty texts and paging. */
export function ResourceTable<Row extends object>(props: ResourceTableProps<Row>) {
  const { list, t, busy = false, pagination, minWidth, chooser, columns = [], ...table } = props;
  const fit = useColumnChoice(columns, chooser);
  const tableElement = (
    <Table<Row>
      size="middle"
      bordered
      tableLayout="fixed"
      scroll={{ x: Math.max(minWidth ?? 0, fit.width) }}
      dataSource={list.rows as Row[]}
      loading={isReloading(list) || busy}
      pagination={pagination ?? false}
      locale={{ emptyText: list.isPending ? t('loading') : t('noData') }}
      columns={fit.columns}
      {...table}
    />
  );
  if (!fit.chooser) return tableElement;
  return (
    <>
      <Flex justify="end" style={{ marginBottom: 8 }}>
        {fit.chooser}
      </Flex>
      {tableElement}
    </>
  );
}

/** The paging below a list whose table has none (its filters sit above it). */
export function ResourcePagination({
  list,
  totalText,
}: {
  list: ListState;
  totalText: (count: number) => string;
}) {
  return <Pagination style={{ marginTop: 16 }} align="end" {...listPaging(list, totalText)} />;
}
