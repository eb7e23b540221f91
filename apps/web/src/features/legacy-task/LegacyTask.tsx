import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useCurrentUser } from '../../platform/auth/useCurrentUser';
import { useT } from '../../platform/i18n/I18nProvider';
import { ColumnChooser } from '../../ui/ColumnChooser';
import { PageContainer } from '../../ui/PageContainer';
import { useShownColumns } from '../../ui/useShownColumns';
import { usePagedList } from '../../ui/usePagedList';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { ActionPasswordModal } from '../settings';
import { AutoRefreshBar } from '../monitoring';
import { useAutoRefresh } from '../monitoring';
import { useReportActions } from '../monitoring';
import { fetchLegacyTasks, legacyTaskKeys } from './legacy-task-api';
import { legacyTaskMessages } from './legacy-task.i18n';
import { LegacyTaskTable } from './LegacyTaskTable';
import {
  clearTaskCriteria,
  EMPTY_TASK_CRITERIA,
  loadTaskCriteria,
  saveTaskCriteria,
  type TaskCriteria,
} from './task-criteria';
import { TASK_OPTIONAL_COLUMNS, taskColumnOptions } from './task-columns';
import { TaskFilterPanel } from './TaskFilterPanel';
import { TaskPager } from './TaskPager';
import { useTaskExport } from './useTaskExport';

/** The optional columns the user chose to see (issue 17). */
export const TASK_COLUMNS_STORAGE_KEY = 'LIS_LEGACY_TASK_COLUMNS';

/**
 * Legacy Status / Task screen (spec 000 §2): the runs of the user's companies a page at a time, the
 * search kept in the browser and restored when the screen opens again, searched again on the auto
 * refresh's interval, and the Excel export of a start window. Issue 17: each run has the monitoring
 * report's actions under the same rules — run now, continue, stop, re-run of a failed step.
 */
export function LegacyTask() {
  const t = useT(legacyTaskMessages);
  const { role } = useCurrentUser();
  const showError = useErrorDialog();
  const queryClient = useQueryClient();
  const [criteria, setCriteria] = useState<TaskCriteria>(loadTaskCriteria);

  const list = usePagedList({
    queryKey: (page, pageSize) => legacyTaskKeys.page(criteria, page, pageSize),
    fetch: (page, pageSize, signal) => fetchLegacyTasks(criteria, page, pageSize, signal),
    showError,
  });
  const { reset } = list;

  const searchAgain = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: legacyTaskKeys.all }),
    [queryClient],
  );
  const autoRefresh = useAutoRefresh(searchAgain);

  const search = useCallback(
    (next: TaskCriteria) => {
      saveTaskCriteria(next);
      setCriteria(next);
      reset();
      searchAgain();
    },
    [reset, searchAgain],
  );
  const resetSearch = useCallback(() => {
    clearTaskCriteria();
    setCriteria(EMPTY_TASK_CRITERIA);
    reset();
  }, [reset]);

  const { exporting, exportWorkbook } = useTaskExport();
  const shownColumns = useShownColumns(TASK_COLUMNS_STORAGE_KEY, TASK_OPTIONAL_COLUMNS);

  /** Spec 000 §4: after an action the list is cleared, then reloaded, and the auto refresh goes on. */
  const { restart } = autoRefresh;
  const reloadCleared = useCallback(async () => {
    await queryClient.resetQueries({ queryKey: legacyTaskKeys.all });
    restart();
  }, [queryClient, restart]);
  const actions = useReportActions({ hold: autoRefresh.hold, reloadCleared });

  return (
    <PageContainer
      title={t('title')}
      extra={
        <>
          <AutoRefreshBar autoRefresh={autoRefresh} />
          <ColumnChooser label={t('columns')} options={taskColumnOptions(t)} columns={shownColumns} />
        </>
      }
    >
      <TaskFilterPanel
        initial={criteria}
        onSearch={search}
        onReset={resetSearch}
        onExport={(startWindow) => void exportWorkbook(startWindow)}
        exporting={exporting}
      />
      <LegacyTaskTable
        rows={list.rows}
        firstIndex={(list.page - 1) * list.pageSize + 1}
        pending={list.isPending}
        loading={list.isFetching && !list.isPending}
        isShown={shownColumns.isShown}
        menuDisabled={role === undefined}
        actions={actions}
        onRowFocus={autoRefresh.hold}
      />
      <TaskPager page={list.page} pageSize={list.pageSize} total={list.total} onChange={list.changePage} />
      <ActionPasswordModal {...actions.password} />
    </PageContainer>
  );
}
