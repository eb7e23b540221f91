import type { LegacyTaskQuery, LegacyTaskResponse } from '@lis/contracts';
import { apiDownload } from '../../platform/api/download';
import { api } from '../../platform/api/http';
import { taskExportQuery, taskQuery, type TaskCriteria } from './task-criteria';

export const legacyTaskKeys = {
  all: ['legacy-task'] as const,
  page: (criteria: TaskCriteria, page: number, pageSize: number) =>
    [...legacyTaskKeys.all, 'page', criteria, page, pageSize] as const,
};

const asQuery = (query: LegacyTaskQuery) => ({ ...query });

/** One page of runs of the caller's companies (the server limits them), newest start first. */
export function fetchLegacyTasks(
  criteria: TaskCriteria,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) {
  return api.get<LegacyTaskResponse>('v1/legacy/task', asQuery(taskQuery(criteria, page, pageSize)), signal);
}

/**
 * The "Legacy Tasks" workbook of the runs started in the window, under the server's file name
 * (legacy_tasks_{from}_to_{to}.xlsx); null when no run started in it (204).
 */
export function exportLegacyTasks(startWindow: Pick<TaskCriteria, 'startFrom' | 'startTo'>) {
  const to = startWindow.startTo || startWindow.startFrom;
  return apiDownload(
    'v1/legacy/task/export',
    asQuery(taskExportQuery(startWindow)),
    `legacy_tasks_${startWindow.startFrom}_to_${to}.xlsx`,
  );
}
