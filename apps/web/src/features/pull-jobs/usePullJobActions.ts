import type { JobConfig, JobConfigListRow, JobConfigWrite } from '@lis/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useT } from '../../app/i18n/I18nProvider';
import { quartzKeys } from '../quartz/quartz-api';
import { deletePullJob, fetchPullJob, pullJobKeys, savePullJob } from './pull-job-api';
import { pullJobRowKey } from './PullJobTable';
import { pullJobMessages } from './pull-jobs.i18n';
import { usePullJobDialogs } from './usePullJobDialogs';

export type PullJobFormMode = 'add' | 'edit';

export interface PullJobFormTarget {
  mode: PullJobFormMode;
  /** The job the form starts from: the one edited, a template (add mode: its legacy id is cleared), or none. */
  job: JobConfig | null;
  /** A new number per opening: the modal (and its form) starts afresh each time. */
  seq: number;
}

/**
 * Add, Create From Template, edit (job fetched first), delete; after each change the list reloads
 * (the server re-schedules the job's triggers itself).
 */
export function usePullJobActions() {
  const t = useT(pullJobMessages);
  const { modal } = App.useApp();
  const { showError, showSuccess } = usePullJobDialogs();
  const queryClient = useQueryClient();
  const [formOpen, setFormOpen] = useState(false);
  const [target, setTarget] = useState<PullJobFormTarget>({ mode: 'add', job: null, seq: 0 });
  const [saving, setSaving] = useState(false);
  const [opening, setOpening] = useState<string | null>(null);
  const [templateOpen, setTemplateOpen] = useState(false);

  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: pullJobKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: pullJobKeys.templates() });
    // The Quartz Monitor's triggers follow the saved or deleted job.
    void queryClient.invalidateQueries({ queryKey: quartzKeys.all });
  }, [queryClient]);

  const openForm = useCallback((mode: PullJobFormMode, job: JobConfig | null) => {
    setTarget((current) => ({ mode, job, seq: current.seq + 1 }));
    setFormOpen(true);
  }, []);

  const openAdd = useCallback(() => openForm('add', null), [openForm]);

  /** Spec 001 §4: edit fetches the whole job first; a failure shows the server's message. */
  const openEdit = useCallback(
    async (row: JobConfigListRow) => {
      setOpening(pullJobRowKey(row));
      try {
        openForm('edit', await fetchPullJob(row.companycode, row.legacyid));
      } catch (error) {
        showError(error);
        reload();
      } finally {
        setOpening(null);
      }
    },
    [openForm, showError, reload],
  );

  /** Spec 001 §4 template flow: the chosen job as a new form (add mode), its legacy id cleared. */
  const createFromTemplate = useCallback(
    async (companyCode: string, legacyId: string) => {
      try {
        const job = await fetchPullJob(companyCode, legacyId);
        setTemplateOpen(false);
        openForm('add', job);
      } catch (error) {
        showError(error);
      }
    },
    [openForm, showError],
  );

  const submit = useCallback(
    async (body: JobConfigWrite) => {
      setSaving(true);
      try {
        await savePullJob(target.mode, body);
        setFormOpen(false);
        showSuccess(t('savedSuccessfully'));
        reload();
      } catch (error) {
        showError(error);
      } finally {
        setSaving(false);
      }
    },
    [target.mode, showSuccess, showError, t, reload],
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
            await deletePullJob(row.companycode, row.legacyid);
            showSuccess(t('deletedSuccessfully'));
          } catch (error) {
            showError(error);
          } finally {
            reload();
          }
        },
      });
    },
    [modal, t, showSuccess, showError, reload],
  );

  return {
    formOpen,
    target,
    saving,
    opening,
    templateOpen,
    openAdd,
    openEdit,
    openTemplates: () => setTemplateOpen(true),
    closeTemplates: () => setTemplateOpen(false),
    createFromTemplate,
    closeForm: () => setFormOpen(false),
    submit,
    confirmDelete,
  };
}
