import type { LegacyReportRow } from '@lis/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { copyText } from '../../ui/copy-text';
import { useFillHeight } from '../../ui/useFillHeight';
import { filesMessages } from '../files';
import { ReportFileListModal, type ReportFileSelection } from '../files';
import { historyJobOf, JobRunHistoryModal } from '../run-history';
import { EMAIL_STATUSES, emailStatusMessages, type EmailStatus } from '../monitoring';
import { monitoringMessages } from '../monitoring';
import {
  BASE_COLUMNS,
  COLUMN_ORDER,
  MESSAGE_MIN_WIDTH,
  type OptionalColumn,
  type ReportColumn,
} from './report-columns';
import { reportColumnDefs } from './report-column-defs';
import { reportRowKey, RunTable } from '../monitoring';
import type { ReportActions } from '../monitoring';
import { useVirtualHolderPinned } from './useVirtualHolderPinned';

/** The bordered table's outer borders, inside the measured width. */
const BORDERS = 2;

interface Props {
  rows: readonly LegacyReportRow[];
  /** Before the answer (and while the list is cleared after an action): 'Loading...'. */
  pending: boolean;
  menuDisabled: boolean;
  actions: Pick<ReportActions, 'runNow' | 'resume' | 'stop' | 'rerunStep'>;
  onShowMessage: (row: LegacyReportRow) => void;
  /** A row control got the focus: hold the auto refresh. */
  onRowFocus: () => void;
  /** The optional columns to show (LegacyReportToolbar decides: chosen, or as many as fit). */
  shown: readonly OptionalColumn[];
  widths: Record<ReportColumn, number>;
  /** The width the table has (measured around it). */
  width: number;
}

/**
 * Spec 000 §2's table. The job (menu, legacy ID and name) stays on the left; its state, the steps as
 * a strip of badges and the next fire always show; the other columns as `shown` says, scrolling
 * sideways only when chosen wider than the window. The body is virtual (DESIGN §8: 5,000 rows) and as
 * tall as the window leaves (useFillHeight).
 */
export function LegacyReportTable({
  rows,
  pending,
  menuDisabled,
  actions,
  onShowMessage,
  onRowFocus,
  shown,
  widths,
  width,
}: Props) {
  const t = useT(monitoringMessages);
  const tf = useT(filesMessages);
  const te = useT(emailStatusMessages);
  const [fileList, setFileList] = useState<ReportFileSelection>();
  const [historyOf, setHistoryOf] = useState<LegacyReportRow>();
  /** The row whose menu is open (one at a time). */
  const [openMenu, setOpenMenu] = useState<string>();
  const [copied, setCopied] = useState<string>();
  const pinned = useVirtualHolderPinned<HTMLDivElement>();
  const fill = useFillHeight<HTMLDivElement>();
  const positions = useMemo(() => new Map(rows.map((row, i) => [reportRowKey(row), i + 1])), [rows]);

  const onCopy = useCallback((row: LegacyReportRow) => {
    const key = reportRowKey(row);
    copyText(row.legacyid).then(
      () => setCopied(key),
      () => setCopied(undefined),
    );
  }, []);
  const emailHelp = useCallback(
    (status: EmailStatus) =>
      (EMAIL_STATUSES as readonly string[]).includes(status) ? te(`help${status}`) : undefined,
    [te],
  );

  const defs = reportColumnDefs({
    t,
    pathsTitle: tf('pathButtons'),
    emailHelp,
    widths,
    positions,
    menuDisabled,
    openMenu,
    setOpenMenu,
    copied,
    onCopy,
    actions,
    onShowMessage,
    onOpenFiles: setFileList,
    onHistory: setHistoryOf,
    onRowFocus,
  });
  const visible = new Set<ReportColumn>([...BASE_COLUMNS, ...shown]);
  const columns = COLUMN_ORDER.filter((key) => visible.has(key)).map((key) => defs[key]);
  const needed = columns.reduce(
    (sum, column) =>
      sum +
      (column.key === 'message' ? MESSAGE_MIN_WIDTH : typeof column.width === 'number' ? column.width : 0),
    0,
  );

  return (
    <div ref={pinned}>
      <div ref={fill.ref}>
        <RunTable
          rows={rows}
          pending={pending}
          columns={columns}
          scroll={{ x: Math.max(width - BORDERS, needed), y: fill.height }}
          size="small"
          bordered
        />
      </div>
      <ReportFileListModal selection={fileList} onClose={() => setFileList(undefined)} />
      <JobRunHistoryModal
        job={historyOf && historyJobOf(historyOf)}
        onClose={() => setHistoryOf(undefined)}
      />
    </div>
  );
}
