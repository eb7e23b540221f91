import type { ChainJob } from '@lis/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { useDeleteConfirmation } from '../../ui/resource/useDeleteConfirmation';
import { useResourceForm } from '../../ui/resource/useResourceForm';
import { useSearchedList } from '../../ui/resource/useSearchedList';
import { quartzKeys } from '../quartz';
import {
  chainJobKeys,
  deleteChainJob,
  EMPTY_CHAIN_JOB_SEARCH,
  fetchChainJobs,
  saveChainJob,
} from './chain-job-api';
import {
  chainJobFormValues,
  emptyChainJobForm,
  toChainJobWrite,
  type ChainJobFormValues,
} from './chain-job-form';
import { chainJobMessages } from './chain-jobs.i18n';
import { useChainJobDialogs } from './useChainJobDialogs';

/** Add, edit, Create From Template and delete; every change reloads the list. */
export function useChainJobActions() {
  const t = useT(chainJobMessages);
  const { showError, showSuccess } = useChainJobDialogs();
  const queryClient = useQueryClient();

  /** The list, and the Quartz Monitor's triggers (a saved or deleted chain changes them). */
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: chainJobKeys.all }),
      queryClient.invalidateQueries({ queryKey: quartzKeys.all }),
    ]);

  const form = useResourceForm<ChainJobFormValues, ChainJobFormValues, { message: string }>({
    empty: emptyChainJobForm,
    save: (mode, values) => saveChainJob(mode, toChainJobWrite(values)),
    onSaved: (answer) => showSuccess(answer.message || t('saved')),
    onError: (error) => showError(error),
    reload,
    reloadAfter: 'saved',
  });
  const { openWith } = form;

  const openEdit = useCallback((chain: ChainJob) => openWith('edit', chainJobFormValues(chain)), [openWith]);
  /** Spec 001 §4 template flow: the chosen chain as a new form (add mode), its id cleared. */
  const openFromTemplate = useCallback(
    (chain: ChainJob) => openWith('add', chainJobFormValues(chain, true)),
    [openWith],
  );

  const confirmDelete = useDeleteConfirmation({
    t,
    content: (chain: ChainJob) => t('deleteContent', { id: chain.chainId, company: chain.companyCode }),
    remove: (chain: ChainJob) => deleteChainJob(chain.companyCode, chain.chainId),
    onDeleted: (answer) => showSuccess(answer.message || t('deleted')),
    onError: (error) => showError(error),
    reload,
  });

  // The paged chain list: loaded on open, then with the search applied by the Search button.
  const list = useSearchedList({
    initial: EMPTY_CHAIN_JOB_SEARCH,
    queryKey: chainJobKeys.list,
    fetch: fetchChainJobs,
    showError,
  });

  return { form, list, openEdit, openFromTemplate, confirmDelete };
}
