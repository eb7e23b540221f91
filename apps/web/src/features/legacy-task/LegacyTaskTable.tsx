import type { LegacyReportRow } from '@lis/contracts';
import { Table } from 'antd';
import { useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { IdText } from '../../ui/IdText';
import { useFillHeight } from '../../ui/useFillHeight';
import { ReportRowMenu } from '../legacy-report';
import { historyJobOf, JobRunHistoryModal } from '../run-history';
import type { ReportActions } from '../monitoring';
import { legacyTaskMessages } from './legacy-task.i18n';
import { MESSAGE_MIN_WIDTH, taskColumns } from './task-columns';
import { TaskStepStrip } from './TaskStepStrip';
import './legacy-task.css';

interface Props {
  rows: readonly LegacyReportRow[];
  /** The number of the first row of the page (the # column counts across pages). */
  firstIndex: number;
  pending: boolean;
  loading: boolean;
  /** Whether a column shows (the optional ones as the user chose). */
  isShown: (key: string) => boolean;
  /** Spec 000 §6: the row menus wait for the user's role. */
  menuDisabled: boolean;
  actions: Pick<ReportActions, 'runNow' | 'resume' | 'stop' | 'rerunStep'>;
  /** A row control got the focus: hold the auto refresh. */
  onRowFocus: () => void;
}

/** The task pager under the table (its 12 px margin and a 24 px row), kept in the window. */
const PAGER_HEIGHT = 40;

/**
 * Spec 000 §2 task columns, fitted to a 1366 px laptop (issue 17): the run's identity stays on the
 * left, its steps are one strip, the spec's other columns are the user's choice; the body's height
 * follows the window. Each row has the monitoring report's menu (detail, run now, continue, stop) and
 * its re-run buttons on failed steps.
 */
export function LegacyTaskTable({
  rows,
  firstIndex,
  pending,
  loading,
  isShown,
  menuDisabled,
  actions,
  onRowFocus,
}: Props) {
  const t = useT(legacyTaskMessages);
  const fill = useFillHeight<HTMLDivElement>({ reserve: PAGER_HEIGHT, min: 200 });
  /** The run whose menu is open (one at a time). */
  const [openMenu, setOpenMenu] = useState<string>();
  const [historyOf, setHistoryOf] = useState<LegacyReportRow>();

  const identity = (row: LegacyReportRow) => (
    <span className="legacy-task-identity">
      <span className="legacy-task-identity-line">
        <ReportRowMenu
          row={row}
          disabled={menuDisabled}
          open={openMenu === row.job_instanceno}
          onOpenChange={(open) => setOpenMenu(open ? row.job_instanceno : undefined)}
          actions={actions}
          onHistory={setHistoryOf}
          onFocus={onRowFocus}
        />
        <IdText value={row.legacyid} className="legacy-task-id" />
      </span>
      {row.legacyname && <span className="legacy-task-name">{row.legacyname}</span>}
    </span>
  );
  const steps = (row: LegacyReportRow) => (
    <TaskStepStrip row={row} onRerun={menuDisabled ? undefined : actions.rerunStep} onFocus={onRowFocus} />
  );
  const columns = taskColumns({ t, firstIndex, identity, steps }).filter((column) =>
    isShown(String(column.key)),
  );
  const fixedWidth = columns.reduce((sum, column) => sum + (Number(column.width) || 0), 0);

  return (
    <div ref={fill.ref}>
      <Table<LegacyReportRow>
        data-testid="legacy-task-table"
        rowKey="job_instanceno"
        size="small"
        bordered
        tableLayout="fixed"
        scroll={{ x: fixedWidth + MESSAGE_MIN_WIDTH, y: fill.height }}
        columns={columns}
        dataSource={rows as LegacyReportRow[]}
        loading={loading}
        pagination={false}
        locale={{ emptyText: pending ? t('loading') : t('noData') }}
      />
      <JobRunHistoryModal
        job={historyOf && historyJobOf(historyOf)}
        onClose={() => setHistoryOf(undefined)}
      />
    </div>
  );
}
