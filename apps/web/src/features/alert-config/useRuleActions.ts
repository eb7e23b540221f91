import type { AlertRule } from '@lis/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { useDeleteConfirmation } from '../../ui/resource/useDeleteConfirmation';
import { useResourceErrors } from '../../ui/resource/useResourceErrors';
import { useResourceForm } from '../../ui/resource/useResourceForm';
import { alertConfigKeys, deleteRule, saveRule } from './alert-config-api';
import { alertConfigMessages } from './alert-config.i18n';
import { toRuleWrite, type RuleFormValues } from './rule-form';

/** New, Edit and Delete of a company's rules. */
export function useRuleActions(companyLabel: (code: string) => string) {
  const t = useT(alertConfigMessages);
  const { message } = App.useApp();
  const errors = useResourceErrors(t('notSuccessful'));
  const queryClient = useQueryClient();
  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: alertConfigKeys.all }),
    [queryClient],
  );

  const form = useResourceForm<AlertRule | null, RuleFormValues>({
    empty: () => null,
    save: (mode, values) => saveRule(mode, toRuleWrite(values)),
    onSaved: () => message.success(t('saved')),
    onError: errors.showRefused,
    reload,
    reloadAfter: 'saved',
  });

  const confirmDelete = useDeleteConfirmation<AlertRule>({
    t,
    content: (row) => t('deleteRule', { name: row.name, company: companyLabel(row.company_code) }),
    remove: (row) => deleteRule({ company_code: row.company_code, name: row.name }),
    onDeleted: () => message.success(t('deleted')),
    onError: errors.showRefused,
    reload,
  });

  return { form, confirmDelete };
}
