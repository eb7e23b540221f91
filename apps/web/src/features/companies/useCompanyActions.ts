import type { Company } from '@lis/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { ApiError } from '../../platform/api/http';
import { useT } from '../../platform/i18n/I18nProvider';
import { useResourceErrors } from '../../ui/resource/useResourceErrors';
import { useResourceForm } from '../../ui/resource/useResourceForm';
import { companyMessages } from './companies.i18n';
import { companyKeys, createCompany, updateCompany } from './company-api';
import { toCompanyPayload, type CompanyFormValues } from './company-form';

// The code exists, or the company is gone: refusals, not failures of the server.
const isRefusal = (error: ApiError) =>
  error.code === 'COMPANY_CODE_TAKEN' || error.code === 'COMPANY_NOT_FOUND';

/** The error dialogs of the drawer, with the server's message: 'Not successful' for a refusal. */
export function useCompanyErrors() {
  const t = useT(companyMessages);
  const { show } = useResourceErrors(t('notSuccessful'));
  return (error: unknown) => show(error, isRefusal);
}

/** Add and edit a company, each followed by a reload of the list; `onSaved` after a successful save. */
export function useCompanyActions(onSaved?: () => void) {
  const t = useT(companyMessages);
  const { message } = App.useApp();
  const showError = useCompanyErrors();
  const queryClient = useQueryClient();

  /** On failure the form stays open so nothing typed is lost; the list reloads either way. */
  return useResourceForm<Company | null, CompanyFormValues>({
    empty: () => null,
    save: (mode, values) =>
      mode === 'add' ? createCompany(toCompanyPayload(values)) : updateCompany(toCompanyPayload(values)),
    onSaved: () => {
      message.success(t('saved'));
      onSaved?.();
    },
    onError: showError,
    reload: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}
