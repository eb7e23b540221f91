import type { SftpServer } from '@lis/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { useDeleteConfirmation } from '../../ui/resource/useDeleteConfirmation';
import { useRecordOpening } from '../../ui/resource/useRecordOpening';
import { useResourceErrors } from '../../ui/resource/useResourceErrors';
import { useResourceForm } from '../../ui/resource/useResourceForm';
import { deleteSftpServer, fetchSftpServer, saveSftpServer, sftpKeys, testSftpConnection } from './sftp-api';
import {
  checkTestFields,
  storedSecretsOf,
  toTestRequest,
  toWritePayload,
  type SftpFormValues,
} from './sftp-form';
import { sftpMessages } from './sftp-servers.i18n';
import { rowKey } from './SftpTable';
import { SftpTestResult } from './SftpTestResult';

/** Add, edit (record fetched first), delete and Test Connection; every change reloads the list. */
export function useSftpActions() {
  const t = useT(sftpMessages);
  const { modal, message } = App.useApp();
  // Spec 001 §8: failures show a 'Not successful' dialog with the server's message.
  const { showNotSuccessful } = useResourceErrors(t('notSuccessful'));
  const queryClient = useQueryClient();
  const [testing, setTesting] = useState(false);
  const reload = () => queryClient.invalidateQueries({ queryKey: sftpKeys.lists() });

  const form = useResourceForm<SftpServer | null, SftpFormValues, { message: string }>({
    empty: () => null,
    save: (mode, values) => saveSftpServer(mode, toWritePayload(values)),
    onSaved: (answer) => message.success(answer.message || t('saved')),
    onError: showNotSuccessful,
    reload,
  });

  /** Spec 001 §4: edit mode fetches the record first; a failure shows the server's message. */
  const { opening, openRow } = useRecordOpening({
    key: rowKey,
    fetch: async (row: SftpServer) => {
      const server = await fetchSftpServer(row.companycode, row.sftp_server_id);
      if (!server) throw new Error(t('noData'));
      return server;
    },
    open: form.openEdit,
    onError: showNotSuccessful,
    reload,
  });

  const confirmDelete = useDeleteConfirmation({
    t,
    content: (row: SftpServer) => t('deleteContent', { id: row.sftp_server_id, company: row.companycode }),
    remove: (row: SftpServer) => deleteSftpServer(row.companycode, row.sftp_server_id),
    onDeleted: (answer) => message.success(answer.message || t('deleted')),
    onError: showNotSuccessful,
    reload,
  });

  const { target } = form;
  const test = useCallback(
    async (values: SftpFormValues) => {
      const missing = checkTestFields(values, storedSecretsOf(target.record));
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
        showNotSuccessful(error);
      } finally {
        setTesting(false);
      }
    },
    [target, modal, t, showNotSuccessful],
  );

  return { form, testing, opening, openEdit: openRow, test, confirmDelete, showListError: showNotSuccessful };
}
