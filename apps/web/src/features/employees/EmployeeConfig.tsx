import { PlusOutlined } from '@ant-design/icons';
import { PAGE_SIZES } from '@lis/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Pagination } from 'antd';
import { useLanguage, useT } from '../../app/i18n/I18nProvider';
import { plural } from '../../app/i18n/language';
import { PageContainer } from '../../ui/PageContainer';
import { CompaniesButton } from '../companies/CompaniesButton';
import { DemoNotice } from '../demo/DemoNotice';
import { employeeKeys } from './employee-api';
import { EmployeeFormModal } from './EmployeeFormModal';
import { EmployeeSearchPanel } from './EmployeeSearchPanel';
import { EmployeeTable } from './EmployeeTable';
import { EmployeeUpload } from './EmployeeUpload';
import { employeeMessages, TOTAL_KEYS } from './employees.i18n';
import { useEmployeeActions } from './useEmployeeActions';
import { useEmployeeList } from './useEmployeeList';
import { useEmployeeLookups } from './useEmployeeLookups';

/** Employee Config (spec 001 "Employee Master screen"): who may use the console, per company and role. */
export function EmployeeConfig() {
  const t = useT(employeeMessages);
  const { language } = useLanguage();
  const lookups = useEmployeeLookups();
  const list = useEmployeeList();
  const actions = useEmployeeActions();
  const queryClient = useQueryClient();
  // A company added or edited in the Companies drawer shows in the search panel and the Add form at once.
  const reloadCompanies = () => void queryClient.invalidateQueries({ queryKey: employeeKeys.companies() });

  return (
    <PageContainer
      title={t('title')}
      extra={
        <>
          <CompaniesButton onSaved={reloadCompanies} />
          <EmployeeUpload onUpload={actions.confirmUpload} />
          <Button type="primary" icon={<PlusOutlined />} onClick={actions.openAdd}>
            {t('add')}
          </Button>
        </>
      }
    >
      <DemoNotice />
      <EmployeeSearchPanel
        companies={lookups.companies}
        companiesLoading={lookups.companiesLoading}
        roleOptions={lookups.roleOptions}
        onSearch={list.search}
      />
      <EmployeeTable
        users={list.users}
        loading={list.isFetching && !list.isPending}
        pending={list.isPending}
        companyLabel={lookups.companyLabel}
        roleLabel={lookups.roleLabel}
        onEdit={actions.openEdit}
        onDelete={actions.confirmDelete}
      />
      <Pagination
        style={{ marginTop: 16 }}
        align="end"
        current={list.page}
        pageSize={list.pageSize}
        total={list.total}
        pageSizeOptions={[...PAGE_SIZES]}
        showSizeChanger
        showTotal={(total) => t(plural(language, total, TOTAL_KEYS), { total })}
        onChange={list.changePage}
      />
      <EmployeeFormModal
        open={actions.formOpen}
        mode={actions.formTarget.mode}
        user={actions.formTarget.user}
        saving={actions.saving}
        companies={lookups.companies}
        roleOptions={lookups.roleOptions}
        companyLabel={lookups.companyLabel}
        onSubmit={(values) => void actions.submit(values)}
        onClose={actions.closeForm}
      />
    </PageContainer>
  );
}
