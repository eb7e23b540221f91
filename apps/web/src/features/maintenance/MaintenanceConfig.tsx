import { ALL_COMPANIES_MAINTENANCE, type MaintenanceWindow } from '@lis/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useCurrentUser } from '../../platform/auth/useCurrentUser';
import { useT } from '../../platform/i18n/I18nProvider';
import { FilterField } from '../../ui/filter-panel/FilterField';
import { FilterPanel } from '../../ui/filter-panel/FilterPanel';
import { ConfigPage } from '../../ui/resource/ConfigPage';
import { useErrorEffect } from '../../ui/resource/useErrorEffect';
import { useAdminCompanies } from '../companies';
import { fetchMaintenanceWindows, maintenanceKeys } from './maintenance-api';
import { maintenanceMessages } from './maintenance.i18n';
import { MaintenanceFormModal } from './MaintenanceFormModal';
import { MaintenanceTable } from './MaintenanceTable';
import { useMaintenanceActions } from './useMaintenanceActions';

/**
 * Maintenance windows (issue 34, route /maintenanceconfig): a company's windows and those of every
 * company (`*`), each with its state now (active until, next start); New, Edit and Delete. A window of
 * every company is changed by a super_admin only: others see it read-only.
 */
export function MaintenanceConfig() {
  const t = useT(maintenanceMessages);
  const user = useCurrentUser();
  const companies = useAdminCompanies();
  const superAdmin = user.role === 'super_admin';
  const options = [
    ...companies.options,
    ...(superAdmin ? [{ value: ALL_COMPANIES_MAINTENANCE, label: t('allCompanies') }] : []),
  ];
  const [chosen, setChosen] = useState<string>();
  const companyCode = chosen ?? options[0]?.value ?? '';
  const companyLabel = (code: string) =>
    code === ALL_COMPANIES_MAINTENANCE ? t('allCompanies') : companies.label(code);
  const actions = useMaintenanceActions(companyLabel);
  const { form } = actions;

  const query = useQuery({
    queryKey: maintenanceKeys.list(companyCode),
    queryFn: ({ signal }) => fetchMaintenanceWindows(companyCode, signal),
    enabled: companyCode !== '',
    retry: false,
  });
  useErrorEffect(query.error, actions.showListError);
  const [filterForm] = Form.useForm<{ company_code: string }>();
  useEffect(() => filterForm.setFieldsValue({ company_code: companyCode }), [filterForm, companyCode]);
  const rows = query.data?.result_list ?? [];
  const canWrite = (row: MaintenanceWindow) => row.company_code !== ALL_COMPANIES_MAINTENANCE || superAdmin;
  const edited = form.target.record;

  return (
    <ConfigPage t={t} testIds="maintenance" onAdd={form.openAdd}>
      <FilterPanel<{ company_code: string }>
        form={filterForm}
        name="maintenanceSearch"
        initialValues={{ company_code: companyCode }}
        onChange={(values) => setChosen(values.company_code)}
        role="search"
        aria-label={t('search')}
      >
        <FilterField name="company_code" label={t('company')} width={{ xs: 24, md: 12, xl: 8 }}>
          <Select loading={companies.loading} showSearch={{ optionFilterProp: 'label' }} options={options} />
        </FilterField>
      </FilterPanel>
      <MaintenanceTable
        list={{ rows, isPending: query.isPending, isFetching: query.isFetching }}
        canWrite={canWrite}
        onEdit={form.openEdit}
        onDelete={actions.confirmDelete}
      />
      <MaintenanceFormModal
        key={form.target.seq}
        {...form.modal}
        target={form.target}
        companyCode={edited?.company_code ?? companyCode}
        companyLabel={companyLabel(edited?.company_code ?? companyCode)}
        readOnly={edited !== null && form.target.mode === 'edit' && !canWrite(edited)}
      />
    </ConfigPage>
  );
}
