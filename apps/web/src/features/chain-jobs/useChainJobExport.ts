import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useT } from '../../app/i18n/I18nProvider';
import { downloadChainJobExport, fetchChainJobs, type ChainJobSearch } from './chain-job-api';
import { chainJobMessages } from './chain-jobs.i18n';
import { useChainJobDialogs } from './useChainJobDialogs';

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Export Excel with the applied search (spec 001 §5, §8): 'No Content' when nothing matches, else the
 * server's ChainJobConfig workbook is saved; a failure shows 'Cannot export' with the server's message.
 */
export function useChainJobExport(search: ChainJobSearch) {
  const t = useT(chainJobMessages);
  const { modal } = App.useApp();
  const { showError } = useChainJobDialogs();
  const [exporting, setExporting] = useState(false);

  const exportExcel = useCallback(async () => {
    setExporting(true);
    try {
      const { total_count } = await fetchChainJobs(search, 1, 1);
      if (total_count === 0) {
        modal.info({ title: t('noContentTitle'), content: t('noContent'), okText: t('ok') });
        return;
      }
      const { blob, fileName } = await downloadChainJobExport(search);
      saveBlob(blob, fileName);
    } catch (error) {
      showError(error, t('exportFailed'));
    } finally {
      setExporting(false);
    }
  }, [search, modal, t, showError]);

  return { exporting, exportExcel };
}
