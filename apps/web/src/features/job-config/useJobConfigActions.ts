import type { JobConfigListRow } from '@lis/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { useDeleteConfirmation } from '../../ui/resource/useDeleteConfirmation';
import { useExport } from '../../ui/resource/useExport';
import { useRecordOpening } from '../../ui/resource/useRecordOpening';
import { useResourceErrors } from '../../ui/resource/useResourceErrors';
import { useResourceForm } from '../../ui/resource/useResourceForm';
import { useSearchedList } from '../../ui/resource/useSearchedList';
import { quartzKeys } from '../quartz';
import { expectationMessages } from './expectation/expectation.i18n';
import {
  deleteJobConfig,
  EMPTY_FILTERS,
  exportJobConfigs,
  fetchJobConfigs,
  jobConfigKeys,
} from './job-config-api';
import { jobConfigMessages } from './job-config.i18n';
import {
  emptyJobEditor,
  loadJobEditor,
  saveJobEditor,
  type JobEditorValues,
  type SavedJob,
} from './job-editor';

export const jobRowKey = (row: { companycode: string; legacyid: string }) =>
  `${row.companycode}\u0000${row.legacyid}`;

/** Add, edit (job fetched first), create from template, save, delete and export of the Job Config screen. */
export function useJobConfigActions() {
  const t = useT(jobConfigMessages);
  const te = useT(expectationMessages);
  const { modal, message } = App.useApp();
  // Spec 001 §8: failures show a 'Not successful' dialog with the server's message.
  const { showNotSuccessful: showError } = useResourceErrors(t('notSuccessful'));
  const queryClient = useQueryClient();

  /** The list, and the Quartz Monitor's triggers (a saved or deleted job changes them). */
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: jobConfigKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: quartzKeys.all }),
    ]);

  // The job first, then its file deadline (issue 35); a refused deadline does not save the job twice.
  const form = useResourceForm<JobEditorValues, JobEditorValues, SavedJob>({
    empty: emptyJobEditor,
    save: saveJobEditor,
    onSaved: ({ answer, expectationError }) =>
      expectationError
        ? showError(expectationError, te('savedWithoutDeadline'))
        : modal.success({ title: answer.message, okText: t('ok') }),
    onError: showError,
    reload,
    reloadAfter: 'saved',
  });
  const { openWith } = form;

  /** Spec 001 §4: edit mode fetches the job first; a failure shows the server's message. */
  const { opening, openRow } = useRecordOpening({
    key: jobRowKey,
    fetch: (row: JobConfigListRow) => loadJobEditor(row.companycode, row.legacyid, 'edit'),
    open: form.openEdit,
    onError: showError,
    reload,
  });

  /** Spec 001 §4 template flow: the chosen job, fetched whole, opens as a new job without its legacy id. */
  const createFromTemplate = useCallback(
    async (company: string, legacyId: string) => {
      try {
        openWith('add', await loadJobEditor(company, legacyId, 'template'));
        return true;
      } catch (error) {
        showError(error);
        return false;
      }
    },
    [openWith, showError],
  );

  const confirmDelete = useDeleteConfirmation({
    t,
    content: (row: JobConfigListRow) => t('deleteContent', { id: row.legacyid, company: row.companycode }),
    remove: (row: JobConfigListRow) => deleteJobConfig(row.companycode, row.legacyid),
    onDeleted: (answer) => message.success(answer.message || t('deleted')),
    onError: showError,
    reload,
  });

  /** Spec 001 §5: no matching job → 'No Content'; else the workbook named by the server. */
  const exporter = useExport({
    count: async (filters) => (await fetchJobConfigs(filters, 1, 1)).total_count,
    download: exportJobConfigs,
    onNoContent: () => modal.info({ title: t('noContent'), content: t('noContentText'), okText: t('ok') }),
    onError: showError,
  });

  // The paged job list with the filters of the last Search; the same Search again still asks the server.
  const list = useSearchedList({
    initial: EMPTY_FILTERS,
    queryKey: jobConfigKeys.list,
    fetch: fetchJobConfigs,
    showError,
    searchAgain: 'first-page',
  });

  return {
    form,
    list,
    opening,
    exporter,
    openEdit: openRow,
    createFromTemplate,
    confirmDelete,
  };
}
