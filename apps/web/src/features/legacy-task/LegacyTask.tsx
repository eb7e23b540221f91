import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useT } from '../../app/i18n/I18nProvider';
import { PageContainer } from '../../ui/PageContainer';
import { usePagedList } from '../../ui/usePagedList';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { AutoRefreshBar } from '../monitoring/AutoRefreshBar';
import { useAutoRefresh } from '../monitoring/useAutoRefresh';
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
import { TaskFilterPanel } from './TaskFilterPanel';
import { TaskPager } from './TaskPager';
import { useTaskExport } from './useTaskExport';

/**
 * Legacy Status / Task screen (spec 000 §2): the runs of the user's companies a page at a time, the
 * search kept in the browser and restored when the screen opens again, searched again on the auto
 * refresh's interval, and the Excel export of a start window.
 */
export function LegacyTask() {
  const t = useT(legacyTaskMessages);
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

  return (
    <PageContainer title={t('title')} extra={<AutoRefreshBar autoRefresh={autoRefresh} />}>
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
      />
      <TaskPager page={list.page} pageSize={list.pageSize} total={list.total} onChange={list.changePage} />
    </PageContainer>
  );
}
