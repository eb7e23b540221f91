import { App } from 'antd';
import { useCallback, useState } from 'react';
import { saveBlob } from '../../platform/api/download';
import { useT } from '../../platform/i18n/I18nProvider';
import { useErrorText } from '../../ui/useErrorDialog';
import { exportLegacyTasks } from './legacy-task-api';
import { legacyTaskMessages } from './legacy-task.i18n';
import type { TaskCriteria } from './task-criteria';

/**
 * Export (spec 000 §5, §7): Job Start From is required ('please select a date'); no run in the window:
 * 'data not found'; a failed call: 'error occurred fetching data'; else the workbook is saved under the
 * server's file name.
 */
export function useTaskExport() {
  const t = useT(legacyTaskMessages);
  const { modal } = App.useApp();
  const errorReason = useErrorText();
  const [exporting, setExporting] = useState(false);

  const exportWorkbook = useCallback(
    async (startWindow: Pick<TaskCriteria, 'startFrom' | 'startTo'>) => {
      if (!startWindow.startFrom) {
        modal.warning({ title: t('selectDateTitle'), content: t('selectDate'), okText: t('ok') });
        return;
      }
      setExporting(true);
      try {
        const file = await exportLegacyTasks(startWindow);
        if (file) saveBlob(file.blob, file.fileName);
        else modal.info({ title: t('notFoundTitle'), content: t('notFound'), okText: t('ok') });
      } catch (error) {
        modal.error({
          title: t('exportFailedTitle'),
          content: t('exportFailed', { reason: errorReason(error) }),
          okText: t('ok'),
        });
      } finally {
        setExporting(false);
      }
    },
    [modal, t, errorReason],
  );

  return { exporting, exportWorkbook };
}
