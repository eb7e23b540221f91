import { useT } from '../../platform/i18n/I18nProvider';
import { ConfigPage } from '../../ui/resource/ConfigPage';
import { usePagedList } from '../../ui/usePagedList';
import { useAdminCompanies } from '../companies';
import { apiServerKeys, fetchApiServers } from './api-server-api';
import { ApiServerFormModal } from './ApiServerFormModal';
import { ApiServerTable } from './ApiServerTable';
import { ApiTestResultModal } from './ApiTestResultModal';
import { apiServerMessages } from './api-servers.i18n';
import { useApiServerActions } from './useApiServerActions';

/** API Config (spec 001 "API Config screen"): the function servers jobs call, per company. */
export function ApiConfig() {
  const t = useT(apiServerMessages);
  const companies = useAdminCompanies();
  const companyLabel = companies.label;
  const actions = useApiServerActions(companyLabel);
  const { form } = actions;
  const list = usePagedList({
    queryKey: apiServerKeys.list,
    fetch: fetchApiServers,
    showError: actions.showListError,
  });

  return (
    <ConfigPage t={t} onAdd={form.openAdd}>
      <ApiServerTable
        list={list}
        testing={actions.testing}
        companyLabel={companyLabel}
        onEdit={form.openEdit}
        onDelete={actions.confirmDelete}
      />
      <ApiServerFormModal
        {...form.modal}
        target={form.target}
        testing={actions.testing}
        companies={companies}
        onTest={actions.confirmTest}
      />
      <ApiTestResultModal outcome={actions.testOutcome} onClose={actions.closeTestResult} />
    </ConfigPage>
  );
}
