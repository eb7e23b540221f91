import { App } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { useExport } from '../../ui/resource/useExport';
import { downloadChainJobExport, fetchChainJobs, type ChainJobSearch } from './chain-job-api';
import { chainJobMessages } from './chain-jobs.i18n';
import { useChainJobDialogs } from './useChainJobDialogs';

/**
 * Export Excel with the applied search (spec 001 §5, §8): 'No Content' when nothing matches, else the
 * server's ChainJobConfig workbook is saved; a failure shows 'Cannot export' with the server's message.
 */
export function useChainJobExport() {
  const t = useT(chainJobMessages);
  const { modal } = App.useApp();
  const { showError } = useChainJobDialogs();
  return useExport<ChainJobSearch>({
    count: async (search) => (await fetchChainJobs(search, 1, 1)).total_count,
    download: downloadChainJobExport,
    onNoContent: () => modal.info({ title: t('noContentTitle'), content: t('noContent'), okText: t('ok') }),
    onError: (error) => showError(error, t('exportFailed')),
  });
}
