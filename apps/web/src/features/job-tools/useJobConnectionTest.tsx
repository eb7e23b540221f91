import type { JobConnectionCheck, JobConnectionTestRequest } from '@lis/contracts';
import { App } from 'antd';
import { useCallback, useState, type ReactNode } from 'react';
import { ApiError } from '../../platform/api/http';
import { useT } from '../../platform/i18n/I18nProvider';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { missingConnectionField } from './connection-checks';
import { ConnectionTestStatusModal } from './ConnectionTestStatusModal';
import { jobToolsMessages } from './job-tools.i18n';
import { testJobConnection } from './job-tools-api';

export interface JobConnectionTest {
  run: (form: JobConnectionTestRequest) => void;
  /** The Test Status modal: render it somewhere in the caller. */
  element: ReactNode;
}

/**
 * The job modal's Test Connection (spec 001 §4, §5): the ordered checks of the form, each a 'Not
 * successful' dialog; then 'Test Connection ?'; then the server runs every check (the OK button spins
 * meanwhile) and the Test Status modal opens with all of them.
 */
export function useJobConnectionTest(): JobConnectionTest {
  const t = useT(jobToolsMessages);
  const { modal } = App.useApp();
  const showErrorDialog = useErrorDialog();
  const [checks, setChecks] = useState<readonly JobConnectionCheck[] | null>(null);

  const run = useCallback(
    (form: JobConnectionTestRequest) => {
      const missing = missingConnectionField(form);
      if (missing) {
        modal.error({ title: t('notSuccessful'), content: t(missing), okText: t('ok') });
        return;
      }
      modal.confirm({
        title: t('testConfirmTitle'),
        okText: t('ok'),
        cancelText: t('cancel'),
        onOk: async () => {
          try {
            const answer = await testJobConnection(form);
            setChecks(answer.result_list);
          } catch (error) {
            // 401: the app shell already takes the user back to sign-in.
            if (error instanceof ApiError && error.status === 401) return;
            showErrorDialog(error, { title: t('notSuccessful') });
          }
        },
      });
    },
    [modal, t, showErrorDialog],
  );

  const element = <ConnectionTestStatusModal checks={checks} onClose={() => setChecks(null)} />;
  return { run, element };
}
