import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useCallback } from 'react';
import { useT } from '../../app/i18n/I18nProvider';
import { PageContainer } from '../../ui/PageContainer';
import { companyOptionLabel, useAdminCompanies } from '../api-servers/useAdminCompanies';
import { DmsServerFormModal } from './DmsServerFormModal';
import { DmsServerTable } from './DmsServerTable';
import { dmsServerMessages } from './dms-servers.i18n';
import { useDmsServerActions } from './useDmsServerActions';
import { useDmsServerList } from './useDmsServerList';

/** DMS Config (spec 001 "DMS Config screen"): the document-management targets, per company. */
export function DmsConfig() {
  const t = useT(dmsServerMessages);
  const companies = useAdminCompanies();
  const { companyName } = companies;
  const companyLabel = useCallback(
    (code: string) => companyOptionLabel(code, companyName(code)),
    [companyName],
  );
  const list = useDmsServerList();
  const actions = useDmsServerActions(companyLabel);

  return (
    <PageContainer
      title={t('title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={actions.openAdd}>
          {t('add')}
        </Button>
      }
    >
      <DmsServerTable
        servers={list.servers}
        loading={list.isFetching && !list.isPending}
        pending={list.isPending}
        page={list.page}
        pageSize={list.pageSize}
        total={list.total}
        onPageChange={list.changePage}
        companyLabel={companyLabel}
        onEdit={actions.openEdit}
        onDelete={actions.confirmDelete}
      />
      <DmsServerFormModal
        open={actions.formOpen}
        mode={actions.formTarget.mode}
        server={actions.formTarget.server}
        saving={actions.saving}
        companyOptions={companies.options}
        companiesLoading={companies.loading}
        companyLabel={companyLabel}
        onSubmit={(values) => void actions.submit(values)}
        onIncomplete={actions.warnIncomplete}
        onClose={actions.closeForm}
      />
    </PageContainer>
  );
}
