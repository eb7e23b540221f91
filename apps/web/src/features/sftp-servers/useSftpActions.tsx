import type { SftpServer } from '@lis/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useT } from '../../app/i18n/I18nProvider';
import { deleteSftpServer, fetchSftpServer, saveSftpServer, sftpKeys, testSftpConnection } from './sftp-api';
import {
  checkTestFields,
  storedSecretsOf,
  toTestRequest,
  toWritePayload,
  type SftpFormMode,
  type SftpFormValues,
} from './sftp-form';
import { sftpMessages } from './sftp-servers.i18n';
import { SftpTestResult } from './SftpTestResult';
import { useSftpDialogs } from './useSftpDialogs';

interface FormTarget {
  mode: SftpFormMode;
  /** The record being edited, as fetched when the modal opened; null when adding. */
  server: SftpServer | null;
  /** A new number per opening: the modal (and its form instance) starts afresh each time. */
  seq: number;
}

/** Add, edit (record fetched first), delete and Test Connection; every change reloads the list. */
export function useSftpActions() {
  const t = useT(sftpMessages);
  const { modal, message } = App.useApp();
  const { showError } = useSftpDialogs();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<FormTarget>({ mode: 'add', server: null, seq: 0 });
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [opening, setOpening] = useState<string | null>(null);

  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: sftpKeys.lists() }),
    [queryClient],
  );

  const openAdd = useCallback(() => {
    setTarget((current) => ({ mode: 'add', server: null, seq: current.seq + 1 }));
    setOpen(true);
  }, []);

  /** Spec 001 §4: edit mode fetches the record first; a failure shows the server's message. */
  const openEdit = useCallback(
    async (row: SftpServer) => {
      setOpening(`${row.companycode}\u0000${row.sftp_server_id}`);
      try {
        const server = await fetchSftpServer(row.companycode, row.sftp_server_id);
        if (!server) throw new Error(t('noData'));
        setTarget((current) => ({ mode: 'edit', server, seq: current.seq + 1 }));
        setOpen(true);
      } catch (error) {
        showError(error);
        void reload();
      } finally {
        setOpening(null);
      }
    },
    [t, showError, reload],
  );

  const close = useCallback(() => setOpen(false), []);

  const submit = useCallback(
    async (values: SftpFormValues) => {
      setSaving(true);
      try {
        const answer = await saveSftpServer(target.mode, toWritePayload(values));
        message.success(answer.message || t('saved'));
        setOpen(false);
      } catch (error) {
        showError(error);
      } finally {
        setSaving(false);
        void reload();
      }
    },
    [target.mode, message, t, showError, reload],
  );

  const test = useCallback(
    async (values: SftpFormValues) => {
      const missing = checkTestFields(values, storedSecretsOf(target.server));
      if (missing) {
        modal.warning({ title: t('warningTitle'), content: t(missing), okText: t('close') });
        return;
      }
      setTesting(true);
      try {
        const answer = await testSftpConnection(toTestRequest(values, target.mode));
        modal.success({
          title: t('testOkTitle'),
          width: 520,
          okText: t('close'),
          content: <SftpTestResult message={answer.message} entries={answer.entries} />,
        });
      } catch (error) {
        showError(error);
      } finally {
        setTesting(false);
      }
    },
    [target, modal, t, showError],
  );

  const confirmDelete = useCallback(
    (row: SftpServer) => {
      modal.confirm({
        title: t('deleteTitle'),
        content: t('deleteContent', { id: row.sftp_server_id, company: row.companycode }),
        okText: t('yes'),
        cancelText: t('no'),
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            const answer = await deleteSftpServer(row.companycode, row.sftp_server_id);
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

  return { open, target, saving, testing, opening, openAdd, openEdit, close, submit, test, confirmDelete };
}
