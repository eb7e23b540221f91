import type { ChainJob } from '@lis/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useT } from '../../app/i18n/I18nProvider';
import { quartzKeys } from '../quartz/quartz-api';
import { chainJobKeys, deleteChainJob, saveChainJob } from './chain-job-api';
import {
  chainJobFormValues,
  emptyChainJobForm,
  toChainJobWrite,
  type ChainJobFormMode,
  type ChainJobFormValues,
} from './chain-job-form';
import { chainJobMessages } from './chain-jobs.i18n';
import { useChainJobDialogs } from './useChainJobDialogs';

interface FormTarget {
  mode: ChainJobFormMode;
  initial: ChainJobFormValues;
  /** A new number per opening: the dialog (and its form) starts afresh each time. */
  seq: number;
}

/** Add, edit, Create From Template and delete; every change reloads the list. */
export function useChainJobActions() {
  const t = useT(chainJobMessages);
  const { modal } = App.useApp();
  const { showError, showSuccess } = useChainJobDialogs();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<FormTarget>({ mode: 'add', initial: emptyChainJobForm(), seq: 0 });
  const [saving, setSaving] = useState(false);

  /** The list, and the Quartz Monitor's triggers (a saved or deleted chain changes them). */
  const reload = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: chainJobKeys.all }),
        queryClient.invalidateQueries({ queryKey: quartzKeys.all }),
      ]),
    [queryClient],
  );

  const openWith = useCallback((mode: ChainJobFormMode, initial: ChainJobFormValues) => {
    setTarget((current) => ({ mode, initial, seq: current.seq + 1 }));
    setOpen(true);
  }, []);

  const openAdd = useCallback(() => openWith('add', emptyChainJobForm()), [openWith]);
  const openEdit = useCallback((chain: ChainJob) => openWith('edit', chainJobFormValues(chain)), [openWith]);
  /** Spec 001 §4 template flow: the chosen chain as a new form (add mode), its id cleared. */
  const openFromTemplate = useCallback(
    (chain: ChainJob) => openWith('add', chainJobFormValues(chain, true)),
    [openWith],
  );
  const close = useCallback(() => setOpen(false), []);

  const submit = useCallback(
    async (values: ChainJobFormValues) => {
      setSaving(true);
      try {
        const answer = await saveChainJob(target.mode, toChainJobWrite(values));
        setOpen(false);
        showSuccess(answer.message || t('saved'));
        void reload();
      } catch (error) {
        showError(error);
      } finally {
        setSaving(false);
      }
    },
    [target.mode, showSuccess, showError, t, reload],
  );

  const confirmDelete = useCallback(
    (chain: ChainJob) => {
      modal.confirm({
        title: t('deleteTitle'),
        content: t('deleteContent', { id: chain.chainId, company: chain.companyCode }),
        okText: t('yes'),
        cancelText: t('no'),
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            const answer = await deleteChainJob(chain.companyCode, chain.chainId);
            showSuccess(answer.message || t('deleted'));
          } catch (error) {
            showError(error);
          } finally {
            void reload();
          }
        },
      });
    },
    [modal, t, showSuccess, showError, reload],
  );

  return { open, target, saving, openAdd, openEdit, openFromTemplate, close, submit, confirmDelete };
}
