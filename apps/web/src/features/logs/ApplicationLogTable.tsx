import { EyeOutlined } from '@ant-design/icons';
import type { ApplicationLogRow } from '@lis/contracts';
import { Button, Tag, type TableColumnsType } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { IdText } from '../../ui/IdText';
import type { LogLineReader } from '../../ui/log-filter/log-filter';
import { LogFilterBar } from '../../ui/log-filter/LogFilterBar';
import { useLogFilter } from '../../ui/log-filter/useLogFilter';
import type { PagedRows } from '../../ui/resource/ResourceTable';
import { LogTable, messageColumns } from './LogTable';
import { logsMessages } from './logs.i18n';

/**
 * Issue 17: the columns a user may switch on (Columns button, kept in the browser); the others (Legacy
 * ID, Transaction ID and Date, Status, Message, Created On, Metadata) always show and fit 1366 px.
 */
export const APPLICATION_LOG_OPTIONAL_COLUMNS = [
  'companycode',
  'source_id1',
  'source_id2',
  'source_id3',
  'doc_type',
  'doc_year',
  'item_no',
  'doc_date',
  'post_date',
] as const;
export type ApplicationLogOptionalColumn = (typeof APPLICATION_LOG_OPTIONAL_COLUMNS)[number];

const OPTIONAL_TITLES = {
  companycode: 'companyCode',
  source_id1: 'sourceId1',
  source_id2: 'sourceId2',
  source_id3: 'sourceId3',
  doc_type: 'docType',
  doc_year: 'docYear',
  item_no: 'itemNo',
  doc_date: 'docDate',
  post_date: 'postDate',
} as const satisfies Record<ApplicationLogOptionalColumn, keyof typeof logsMessages.en>;

/** The Columns button's choices, titled in the user's language. */
export function useApplicationLogColumnOptions() {
  const t = useT(logsMessages);
  return APPLICATION_LOG_OPTIONAL_COLUMNS.map((key) => ({ key, title: t(OPTIONAL_TITLES[key]) }));
}

/** The Message column's least width: the rest of the card's width goes to it. */
const MESSAGE_MIN_WIDTH = 260;

interface Props {
  list: PagedRows<ApplicationLogRow>;
  searched: boolean;
  onViewMetadata: (row: ApplicationLogRow) => void;
  /** Whether a column shows (the optional ones as the user chose). */
  isShown: (key: string) => boolean;
}

/** The line's level (S/E) and searched text: its message and ids (issue 31 §8). */
const READER: LogLineReader<ApplicationLogRow> = {
  level: (row) => row.status,
  text: (row) =>
    [row.message, row.legacyid, row.transaction_id, row.source_id1, row.source_id2, row.source_id3].join(' '),
};

/** The Application Log's result table (spec 000 §3 fields), a page at a time. */
export function ApplicationLogTable({ list, searched, onViewMetadata, isShown }: Props) {
  const t = useT(logsMessages);
  const search = useLogFilter(list.rows, READER);
  const levelLabel = (status: string) =>
    status === 'E' ? t('statusError') : status === 'S' ? t('statusSuccess') : status;
  const id = (key: keyof ApplicationLogRow, title: string, width: number) => ({
    key,
    title,
    dataIndex: key,
    width,
    render: (value: string) => <IdText value={value} />,
  });
  const all: TableColumnsType<ApplicationLogRow> = [
    id('legacyid', t('legacyId'), 120),
    id('companycode', t('companyCode'), 112),
    id('transaction_id', t('transactionId'), 128),
    id('transaction_date', t('transactionDate'), 104),
    id('source_id1', t('sourceId1'), 110),
    id('source_id2', t('sourceId2'), 110),
    id('source_id3', t('sourceId3'), 110),
    id('doc_type', t('docType'), 90),
    id('doc_year', t('docYear'), 80),
    id('item_no', t('itemNo'), 80),
    id('doc_date', t('docDate'), 100),
    id('post_date', t('postDate'), 100),
    {
      key: 'status',
      title: t('status'),
      width: 84,
      render: (_, row) =>
        row.status === 'E' ? (
          <Tag color="red">{t('statusError')}</Tag>
        ) : row.status === 'S' ? (
          <Tag color="green">{t('statusSuccess')}</Tag>
        ) : (
          row.status
        ),
    },
    ...messageColumns<ApplicationLogRow>(t, search.filter.text),
    {
      key: 'metadata',
      title: t('metadata'),
      width: 88,
      fixed: 'end',
      render: (_, row) => (
        <Button
          size="small"
          icon={<EyeOutlined />}
          aria-label={`${t('viewMetadata')} ${row.transaction_id}`}
          onClick={() => onViewMetadata(row)}
        >
          {t('viewMetadata')}
        </Button>
      ),
    },
  ];
  const columns = all.filter((column) => isShown(String(column.key)));

  return (
    <>
      {searched && (
        <LogFilterBar
          search={search}
          loaded={list.rows.length}
          levelLabel={levelLabel}
          line={(row) => [
            row.created_on,
            row.companycode,
            row.legacyid,
            row.transaction_id,
            levelLabel(row.status),
            row.message,
          ]}
        />
      )}
      <LogTable<ApplicationLogRow>
        data-testid="application-log-table"
        list={{ ...list, rows: search.shown }}
        columns={columns}
        messageMinWidth={MESSAGE_MIN_WIDTH}
        reloading={searched}
        emptyText={searched ? undefined : t('searchFirst')}
      />
    </>
  );
}
