import type { JobConfigListRow } from '@lis/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useT } from '../../app/i18n/I18nProvider';
import { quartzKeys } from '../quartz/quartz-api';
import {
  deleteJobConfig,
  exportJobConfigs,
  fetchJobConfig,
  fetchJobConfigs,
  jobConfigKeys,
  saveBlob,
  saveJobConfig,
  type JobConfigFilters,
} from './job-config-api';
import { jobConfigMessages } from './job-config.i18n';
import {
  emptyJobForm,
  formToPayload,
  jobToForm,
  templateToForm,
  type JobFormMode,
  type JobFormValues,
} from './job-form';
import { useJobConfigDialogs } from './useJobConfigDialogs';

interface FormTarget {
  mode: JobFormMode;
  values: JobFormValues;
  /** A new number per opening: the modal (and its form instance) starts afresh each time. */
  seq: number;
}

export const jobRowKey = (row: { companycode: string; legacyid: string }) =>
  `${row.companycode}\u0000${row.legacyid}`;

/** Add, edit (job fetched first), create from template, save, delete and export of the Job Config screen. */
export function useJobConfigActions() {
  const t = useT(jobConfigMessages);
  const { modal, message } = App.useApp();
  const { showError, showSuccess } = useJobConfigDialogs();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<FormTarget>({ mode: 'add', values: emptyJobForm(), seq: 0 });
  const [saving, setSaving] = useState(false);
  const [opening, setOpening] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  /** The list, and the Quartz Monitor's triggers (a saved or deleted job changes them). */
  const reload = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: jobConfigKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: quartzKeys.all }),
      ]),
    [queryClient],
  );

  const openWith = useCallback((mode: JobFormMode, values: JobFormValues) => {
    setTarget((current) => ({ mode, values, seq: current.seq + 1 }));
    setOpen(true);
  }, []);

  const openAdd = useCallback(() => openWith('add', emptyJobForm()), [openWith]);

  /** Spec 001 §4: edit mode fetches the job first; a failure shows the server's message. */
  const openEdit = useCallback(
    async (row: JobConfigListRow) => {
      setOpening(jobRowKey(row));
      try {
        openWith('edit', jobToForm(await fetchJobConfig(row.companycode, row.legacyid)));
      } catch (error) {
        showError(error);
        void reload();
      } finally {
        setOpening(null);
      }
    },
    [openWith, showError, reload],
  );

  /** Spec 001 §4 template flow: the chosen job, fetched whole, opens as a new job without its legacy id. */
  const createFromTemplate = useCallback(
    async (company: string, legacyId: string) => {
      try {
        openWith('add', templateToForm(await fetchJobConfig(company, legacyId)));
        return true;
      } catch (error) {
        showError(error);
        return false;
      }
    },
    [openWith, showError],
  );

  const close = useCallback(() => setOpen(false), []);

  const submit = useCallback(
    async (values: JobFormValues) => {
      setSaving(true);
      try {
        const answer = await saveJobConfig(target.mode, formToPayload(values));
        setOpen(false);
        showSuccess(answer.message);
        void reload();
      } catch (error) {
        showError(error);
      } finally {
        setSaving(false);
      }
    },
    [target.mode, showSuccess, showError, reload],
  );

  const confirmDelete = useCallback(
    (row: JobConfigListRow) => {
      modal.confirm({
        title: t('deleteTitle'),
        content: t('deleteContent', { id: row.legacyid, company: row.companycode }),
        okText: t('yes'),
        cancelText: t('no'),
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            const answer = await deleteJobConfig(row.companycode, row.legacyid);
            message.success(answer.message || t('deleted'));
          } catch (error) {
            showError(error);
          } finally {
            void reload();
          }
        },
      });
    },
    [modal, message, t, showError, reload],
  );

  /** Spec 001 §5: no matching job → 'No Content'; else the workbook named by the server. */
  const exportExcel = useCallback(
    async (filters: JobConfigFilters) => {
      const noContent = () =>
        modal.info({ title: t('noContent'), content: t('noContentText'), okText: t('ok') });
      setExporting(true);
      try {
        const count = await fetchJobConfigs(filters, 1, 1);
        if (count.total_count === 0) return noContent();
        const file = await exportJobConfigs(filters);
        if (!file) return noContent();
        saveBlob(file.blob, file.fileName);
      } catch (error) {
        showError(error);
      } finally {
        setExporting(false);
      }
    },
    [modal, t, showError],
  );

  return {
    open,
    target,
    saving,
    opening,
    exporting,
    openAdd,
    openEdit,
    createFromTemplate,
    close,
    submit,
    confirmDelete,
    exportExcel,
  };
}
