import type { Company } from '@lis/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useT } from '../../app/i18n/I18nProvider';
import { companyMessages } from './companies.i18n';
import { companyKeys, createCompany, updateCompany } from './company-api';
import { toCompanyPayload, type CompanyFormMode, type CompanyFormValues } from './company-form';
import { useCompanyDialogs } from './useCompanyDialogs';

interface SaveVariables {
  mode: CompanyFormMode;
  values: CompanyFormValues;
}

/** Add and edit a company, each followed by a reload of the list; `onSaved` after a successful save. */
export function useCompanyActions(onSaved?: () => void) {
  const t = useT(companyMessages);
  const { message } = App.useApp();
  const { showError } = useCompanyDialogs();
  const queryClient = useQueryClient();
  const [formOpen, setFormOpen] = useState(false);
  // What the form shows; kept after closing so the title does not change during the close animation.
  const [formTarget, setFormTarget] = useState<{ mode: CompanyFormMode; company: Company | null }>({
    mode: 'add',
    company: null,
  });

  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
    [queryClient],
  );

  const { mutateAsync: save, isPending: saving } = useMutation({
    mutationFn: ({ mode, values }: SaveVariables) =>
      mode === 'add' ? createCompany(toCompanyPayload(values)) : updateCompany(toCompanyPayload(values)),
  });

  const openAdd = useCallback(() => {
    setFormTarget({ mode: 'add', company: null });
    setFormOpen(true);
  }, []);

  const openEdit = useCallback((company: Company) => {
    setFormTarget({ mode: 'edit', company });
    setFormOpen(true);
  }, []);

  const closeForm = useCallback(() => setFormOpen(false), []);

  /** On failure the form stays open so nothing typed is lost; the list reloads either way. */
  const submit = useCallback(
    async (values: CompanyFormValues) => {
      try {
        await save({ mode: formTarget.mode, values });
        message.success(t('saved'));
        closeForm();
        onSaved?.();
      } catch (error) {
        showError(error);
      } finally {
        void reload();
      }
    },
    [save, formTarget.mode, message, t, closeForm, onSaved, showError, reload],
  );

  return { formOpen, formTarget, saving, openAdd, openEdit, closeForm, submit };
}
