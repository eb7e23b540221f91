import { Select } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { FilterField, FilterText, type FilterWidth } from '../../ui/filter-panel/FilterField';
import { FilterPanel } from '../../ui/filter-panel/FilterPanel';
import type { CompanyOption } from '../companies';
import { EMPTY_FILTERS, type JobConfigFilters } from './job-config-api';
import { jobConfigMessages } from './job-config.i18n';

interface Props {
  companies: CompanyOption[];
  companiesLoading: boolean;
  onSearch: (filters: JobConfigFilters) => void;
}

/** Six equal columns on a laptop, three or two on narrower screens. */
const WIDTH: FilterWidth = { xs: 24, sm: 12, lg: 8, xl: 4 };

/** Spec 001 "Job Config screen": Company Code, Legacy ID, Legacy Name, Api Class Name, Api Function Name. */
export function JobSearchPanel({ companies, companiesLoading, onSearch }: Props) {
  const t = useT(jobConfigMessages);
  const submit = (values: JobConfigFilters) => {
    const trimmed = Object.fromEntries(
      Object.entries({ ...EMPTY_FILTERS, ...values }).map(([key, value]) => [key, (value ?? '').trim()]),
    ) as unknown as JobConfigFilters;
    onSearch(trimmed);
  };
  const text = (name: keyof JobConfigFilters, label: string) => (
    <FilterText name={name} label={label} width={WIDTH} />
  );
  return (
    <FilterPanel<JobConfigFilters>
      // Field ids get this prefix: the job modal's form has its own api_function_name.
      name="jobConfigSearch"
      initialValues={EMPTY_FILTERS}
      onSearch={submit}
      searchTestId="job-config-search-button"
      role="search"
      aria-label={t('search')}
      data-testid="job-config-search"
    >
      <FilterField name="company_code" label={t('companyCode')} width={WIDTH}>
        <Select
          loading={companiesLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={[{ value: '', label: t('anyCompany') }, ...companies]}
        />
      </FilterField>
      {text('legacy_id', t('legacyId'))}
      {text('legacy_name', t('legacyName'))}
      {text('api_class_name', t('apiClassName'))}
      {text('api_function_name', t('apiFunctionName'))}
    </FilterPanel>
  );
}
