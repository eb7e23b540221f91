import { downloadExport } from '../../platform/api/download';
import { call } from '../../platform/api/endpoint-client';
import { taskExportQuery, taskQuery, type TaskCriteria } from './task-criteria';

export const legacyTaskKeys = {
  all: ['legacy-task'] as const,
  page: (criteria: TaskCriteria, page: number, pageSize: number) =>
    [...legacyTaskKeys.all, 'page', criteria, page, pageSize] as const,
};

/** One page of runs of the caller's companies (the server limits them), newest start first. */
export function fetchLegacyTasks(
  criteria: TaskCriteria,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) {
  return call('GET /v1/legacy/task', { query: taskQuery(criteria, page, pageSize), signal });
}

/**
 * The "Legacy Tasks" workbook of the runs started in the window, under the server's file name
 * (legacy_tasks_{from}_to_{to}.xlsx); null when no run started in it (204).
 */
export function exportLegacyTasks(startWindow: Pick<TaskCriteria, 'startFrom' | 'startTo'>) {
  const to = startWindow.startTo || startWindow.startFrom;
  return downloadExport('GET /v1/legacy/task/export', {
    query: taskExportQuery(startWindow),
    fallbackName: `legacy_tasks_${startWindow.startFrom}_to_${to}.xlsx`,
  });
}
