import { useQueryClient } from '@tanstack/react-query';
import { useT } from '../../platform/i18n/I18nProvider';
import { ConfigPage } from '../../ui/resource/ConfigPage';
import { ResourcePagination, useTotalText } from '../../ui/resource/ResourceTable';
import { useSearchedList } from '../../ui/resource/useSearchedList';
import { CompaniesButton } from '../companies';
import { DemoNotice } from '../demo';
import { EMPTY_FILTERS, employeeKeys, fetchUsers, type EmployeeFilters } from './employee-api';
import { EmployeeFormModal } from './EmployeeFormModal';
import { EmployeeSearchPanel } from './EmployeeSearchPanel';
import { EmployeeTable } from './EmployeeTable';
import { EmployeeUpload } from './EmployeeUpload';
import { employeeMessages, TOTAL_KEYS } from './employees.i18n';
import { useEmployeeActions } from './useEmployeeActions';
import { useEmployeeLookups } from './useEmployeeLookups';

/** A Search with the criteria shown, on page 1, asks the server again. */
const sameFilters = (a: EmployeeFilters, b: EmployeeFilters) =>
  a.id === b.id && a.company_code === b.company_code && a.role_access === b.role_access;

/** Employee Config (spec 001 "Employee Master screen"): who may use the console, per company and role. */
export function EmployeeConfig() {
  const t = useT(employeeMessages);
  const totalText = useTotalText(t, TOTAL_KEYS);
  const lookups = useEmployeeLookups();
  const actions = useEmployeeActions();
  const { form } = actions;
  const list = useSearchedList({
    initial: EMPTY_FILTERS,
    queryKey: employeeKeys.list,
    fetch: fetchUsers,
    showError: actions.showListError,
    searchAgain: { same: sameFilters },
  });
  const queryClient = useQueryClient();
  // A company added or edited in the Companies drawer shows in the search panel and the Add form at once.
  const reloadCompanies = () => void queryClient.invalidateQueries({ queryKey: employeeKeys.companies() });

  return (
    <ConfigPage
      t={t}
      onAdd={form.openAdd}
      before={
        <>
          <CompaniesButton onSaved={reloadCompanies} />
          <EmployeeUpload onUpload={actions.confirmUpload} />
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
        list={list}
        companyLabel={lookups.companyLabel}
        roleLabel={lookups.roleLabel}
        onEdit={form.openEdit}
        onDelete={actions.confirmDelete}
      />
      <ResourcePagination list={list} totalText={totalText} />
      <EmployeeFormModal
        {...form.modal}
        mode={form.target.mode}
        user={form.target.record}
        companies={lookups.companies}
        roleOptions={lookups.roleOptions}
        companyLabel={lookups.companyLabel}
      />
    </ConfigPage>
  );
}
