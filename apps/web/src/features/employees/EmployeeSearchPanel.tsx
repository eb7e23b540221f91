import type { Company } from '@lis/contracts';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { FilterField, FilterText } from '../../ui/filter-panel/FilterField';
import { FilterPanel } from '../../ui/filter-panel/FilterPanel';
import { EMPTY_FILTERS, type EmployeeFilters } from './employee-api';
import type { Option } from './employee-rows';
import { employeeMessages } from './employees.i18n';

interface Props {
  companies: readonly Company[];
  companiesLoading: boolean;
  roleOptions: readonly Option[];
  onSearch: (filters: EmployeeFilters) => void;
}

interface SearchFields {
  id?: string;
  company_code?: string | null;
  role_access?: string | null;
}

function toFilters(fields: SearchFields): EmployeeFilters {
  return {
    id: fields.id ?? '',
    company_code: fields.company_code ?? '',
    role_access: fields.role_access ?? '',
  };
}

/** Collapsible search: User Name (substring), company, Role Access; Search and Reset. */
export function EmployeeSearchPanel({ companies, companiesLoading, roleOptions, onSearch }: Props) {
  const t = useT(employeeMessages);
  const companyOptions = useMemo(
    () =>
      companies.map((company) => ({
        value: company.company_code,
        label: `${company.company_name} (${company.company_code})`,
      })),
    [companies],
  );

  return (
    <FilterPanel<SearchFields>
      name="employeeSearch"
      title={t('searchPanel')}
      onSearch={(fields) => onSearch(toFilters(fields))}
      onClear={() => onSearch(EMPTY_FILTERS)}
    >
      <FilterText
        name="id"
        label={t('userName')}
        width={[24, 12, 6]}
        maxLength={64}
        placeholder={t('userNamePlaceholder')}
      />
      <FilterField name="company_code" label={t('company')} width={[24, 12, 7]}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={companiesLoading}
          placeholder={t('anyCompany')}
          options={companyOptions}
        />
      </FilterField>
      <FilterField name="role_access" label={t('roleAccess')} width={[24, 12, 5]}>
        <Select allowClear placeholder={t('anyRole')} options={[...roleOptions]} />
      </FilterField>
    </FilterPanel>
  );
}
