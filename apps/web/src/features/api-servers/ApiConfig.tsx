import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useCallback } from 'react';
import { useT } from '../../app/i18n/I18nProvider';
import { PageContainer } from '../../ui/PageContainer';
import { ApiServerFormModal } from './ApiServerFormModal';
import { ApiServerTable } from './ApiServerTable';
import { ApiTestResultModal } from './ApiTestResultModal';
import { apiServerMessages } from './api-servers.i18n';
import { companyOptionLabel, useAdminCompanies } from './useAdminCompanies';
import { useApiServerActions } from './useApiServerActions';
import { useApiServerList } from './useApiServerList';

/** API Config (spec 001 "API Config screen"): the function servers jobs call, per company. */
export function ApiConfig() {
  const t = useT(apiServerMessages);
  const companies = useAdminCompanies();
  const { companyName } = companies;
  const companyLabel = useCallback(
    (code: string, name?: string) => companyOptionLabel(code, name || companyName(code)),
    [companyName],
  );
  const list = useApiServerList();
  const actions = useApiServerActions(companyLabel);

  return (
    <PageContainer
      title={t('title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={actions.openAdd}>
          {t('add')}
        </Button>
      }
    >
      <ApiServerTable
        servers={list.servers}
        loading={(list.isFetching && !list.isPending) || actions.testing}
        pending={list.isPending}
        page={list.page}
        pageSize={list.pageSize}
        total={list.total}
        onPageChange={list.changePage}
        companyLabel={companyLabel}
        onEdit={actions.openEdit}
        onDelete={actions.confirmDelete}
      />
      <ApiServerFormModal
        open={actions.formOpen}
        mode={actions.formTarget.mode}
        server={actions.formTarget.server}
        saving={actions.saving}
        testing={actions.testing}
        companyOptions={companies.options}
        companiesLoading={companies.loading}
        companyLabel={companyLabel}
        onSubmit={(values) => void actions.submit(values)}
        onTest={actions.confirmTest}
        onClose={actions.closeForm}
      />
      <ApiTestResultModal outcome={actions.testOutcome} onClose={actions.closeTestResult} />
    </PageContainer>
  );
}
