import type { ApiServer, FappTestResponse } from '@lis/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useT } from '../../app/i18n/I18nProvider';
import {
  addApiServer,
  apiServerKeys,
  deleteApiServer,
  editApiServer,
  testApiServerForm,
  testSavedApiServer,
} from './api-server-api';
import {
  toApiServerPayload,
  toApiTestCall,
  type ApiServerFormMode,
  type ApiServerFormValues,
} from './api-server-form';
import { apiServerMessages } from './api-servers.i18n';
import { useApiServerDialogs } from './useApiServerDialogs';

interface SaveVariables {
  mode: ApiServerFormMode;
  values: ApiServerFormValues;
}

export interface TestOutcome {
  url: string;
  result: FappTestResponse;
}

/** Add, edit, delete and Test Connection; every change is followed by a reload of the list. */
export function useApiServerActions(companyLabel: (code: string) => string) {
  const t = useT(apiServerMessages);
  const { modal, message } = App.useApp();
  const { showNotSuccessful } = useApiServerDialogs();
  const queryClient = useQueryClient();
  const [formOpen, setFormOpen] = useState(false);
  // What the form shows; kept after closing so the title does not change during the close animation.
  const [formTarget, setFormTarget] = useState<{ mode: ApiServerFormMode; server: ApiServer | null }>({
    mode: 'add',
    server: null,
  });
  const [testing, setTesting] = useState(false);
  const [testOutcome, setTestOutcome] = useState<TestOutcome | null>(null);

  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: apiServerKeys.lists() }),
    [queryClient],
  );

  const { mutateAsync: save, isPending: saving } = useMutation({
    mutationFn: ({ mode, values }: SaveVariables) =>
      mode === 'add'
        ? addApiServer(toApiServerPayload(values, mode))
        : editApiServer(toApiServerPayload(values, mode)),
  });

  const openAdd = useCallback(() => {
    setFormTarget({ mode: 'add', server: null });
    setFormOpen(true);
  }, []);

  const openEdit = useCallback((server: ApiServer) => {
    setFormTarget({ mode: 'edit', server });
    setFormOpen(true);
  }, []);

  const closeForm = useCallback(() => setFormOpen(false), []);

  /** Spec 001 §8: success says so and reloads; a failure keeps the form open with the server's message. */
  const submit = useCallback(
    async (values: ApiServerFormValues) => {
      try {
        await save({ mode: formTarget.mode, values });
        message.success(t('saved'));
        closeForm();
      } catch (error) {
        showNotSuccessful(error);
      } finally {
        void reload();
      }
    },
    [save, formTarget.mode, message, t, closeForm, showNotSuccessful, reload],
  );

  const confirmDelete = useCallback(
    (server: ApiServer) => {
      modal.confirm({
        title: t('deleteTitle'),
        content: t('deleteContent', { id: server.api_serverid, company: companyLabel(server.companycode) }),
        okText: t('yes'),
        cancelText: t('no'),
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            await deleteApiServer(server.companycode, server.api_serverid);
            message.success(t('deleted'));
          } catch (error) {
            showNotSuccessful(error);
          } finally {
            void reload();
          }
        },
      });
    },
    [modal, t, companyLabel, message, showNotSuccessful, reload],
  );

  /**
   * Spec 001 §4–5: 'FAPP Test?' first; then the form closes and the function server's info is asked
   * for; the result modal opens on success, the server's message otherwise.
   */
  const confirmTest = useCallback(
    (values: ApiServerFormValues) => {
      const call = toApiTestCall(values, formTarget.mode, formTarget.server);
      const url = values.api_url_callfunction.trim();
      modal.confirm({
        title: t('testTitle'),
        content: t('testContent'),
        okText: t('yes'),
        cancelText: t('no'),
        onOk: async () => {
          closeForm();
          setTesting(true);
          try {
            const result =
              call.kind === 'saved'
                ? await testSavedApiServer(call.query)
                : await testApiServerForm(call.body);
            setTestOutcome({ url, result });
          } catch (error) {
            showNotSuccessful(error, t('testFailed'));
          } finally {
            setTesting(false);
          }
        },
      });
    },
    [formTarget, modal, t, closeForm, showNotSuccessful],
  );

  const closeTestResult = useCallback(() => setTestOutcome(null), []);

  return {
    formOpen,
    formTarget,
    saving,
    testing,
    testOutcome,
    openAdd,
    openEdit,
    closeForm,
    submit,
    confirmDelete,
    confirmTest,
    closeTestResult,
  };
}
