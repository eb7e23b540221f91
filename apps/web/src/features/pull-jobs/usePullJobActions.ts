import type { JobConfig, JobConfigListRow, JobConfigWrite } from '@lis/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { useDeleteConfirmation } from '../../ui/resource/useDeleteConfirmation';
import { useRecordOpening } from '../../ui/resource/useRecordOpening';
import { useResourceForm } from '../../ui/resource/useResourceForm';
import { useSearchedList } from '../../ui/resource/useSearchedList';
import { quartzKeys } from '../quartz';
import {
  deletePullJob,
  EMPTY_PULL_JOB_SEARCH,
  fetchPullJob,
  fetchPullJobs,
  pullJobKeys,
  savePullJob,
} from './pull-job-api';
import { pullJobRowKey } from './PullJobTable';
import { pullJobMessages } from './pull-jobs.i18n';
import { usePullJobDialogs } from './usePullJobDialogs';

/**
 * Add, Create From Template, edit (job fetched first), delete; after each change the list reloads
 * (the server re-schedules the job's triggers itself).
 */
export function usePullJobActions() {
  const t = useT(pullJobMessages);
  const { showError, showSuccess } = usePullJobDialogs();
  const queryClient = useQueryClient();
  const [templateOpen, setTemplateOpen] = useState(false);

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: pullJobKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: pullJobKeys.templates() });
    // The Quartz Monitor's triggers follow the saved or deleted job.
    void queryClient.invalidateQueries({ queryKey: quartzKeys.all });
  };

  const form = useResourceForm<JobConfig | null, JobConfigWrite>({
    empty: () => null,
    save: (mode, body) => savePullJob(mode, body),
    onSaved: () => showSuccess(t('savedSuccessfully')),
    onError: showError,
    reload,
    reloadAfter: 'saved',
  });
  const { openWith } = form;

  /** Spec 001 §4: edit fetches the whole job first; a failure shows the server's message. */
  const { opening, openRow } = useRecordOpening({
    key: pullJobRowKey,
    fetch: (row: JobConfigListRow) => fetchPullJob(row.companycode, row.legacyid),
    open: form.openEdit,
    onError: showError,
    reload,
  });

  /** Spec 001 §4 template flow: the chosen job as a new form (add mode), its legacy id cleared. */
  const createFromTemplate = useCallback(
    async (companyCode: string, legacyId: string) => {
      try {
        const job = await fetchPullJob(companyCode, legacyId);
        setTemplateOpen(false);
        openWith('add', job);
      } catch (error) {
        showError(error);
      }
    },
    [openWith, showError],
  );

  const confirmDelete = useDeleteConfirmation({
    t,
    content: (row: JobConfigListRow) => t('deleteContent', { id: row.legacyid, company: row.companycode }),
    remove: (row: JobConfigListRow) => deletePullJob(row.companycode, row.legacyid),
    onDeleted: () => showSuccess(t('deletedSuccessfully')),
    onError: showError,
    reload,
  });

  // The paged list of pull jobs (legacy_type=PULL_WAIT) matching the last search.
  const list = useSearchedList({
    initial: EMPTY_PULL_JOB_SEARCH,
    queryKey: pullJobKeys.list,
    fetch: fetchPullJobs,
    showError,
  });

  return {
    form,
    list,
    opening,
    templateOpen,
    openEdit: openRow,
    openTemplates: () => setTemplateOpen(true),
    closeTemplates: () => setTemplateOpen(false),
    createFromTemplate,
    confirmDelete,
  };
}
