import { AutoComplete, DatePicker, Form, Select } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { useCompanyJobs } from '../../ui/company-jobs';
import { FilterField } from '../../ui/filter-panel/FilterField';
import { filterPanelMessages } from '../../ui/filter-panel/filter-panel.i18n';
import { ENTRY_DATE_FORMAT } from '../../ui/table-dates';
import { FilterPanel } from '../../ui/filter-panel/FilterPanel';
import type { CompanyOption } from '../../ui/resource/form-fields';
import type { AlertFilterValues } from './alert-filters';
import { alertsMessages } from './alerts.i18n';
import { useConditionOptions } from './ConditionTag';

interface Props {
  companies: readonly CompanyOption[];
  companiesLoading: boolean;
  searching: boolean;
  onSearch: (values: AlertFilterValues) => void;
}

const EMPTY: AlertFilterValues = {
  company_code: undefined,
  condition: undefined,
  legacy_id: undefined,
  raised: null,
};

/** Company, condition, job (typed, or one of the chosen company's), and the days it was raised. */
export function AlertFilters({ companies, companiesLoading, searching, onSearch }: Props) {
  const t = useT(alertsMessages);
  const tf = useT(filterPanelMessages);
  const [form] = Form.useForm<AlertFilterValues>();
  const company = Form.useWatch('company_code', form);
  const jobs = useCompanyJobs(company);
  const conditions = useConditionOptions();
  return (
    <FilterPanel<AlertFilterValues>
      form={form}
      name="alertSearch"
      initialValues={EMPTY}
      onSearch={onSearch}
      onClear={() => onSearch(EMPTY)}
      clearTo={EMPTY}
      searching={searching}
      searchTestId="alerts-search"
      role="search"
      aria-label={t('filters')}
    >
      <FilterField name="company_code" label={t('company')} width={{ xs: 24, md: 12, xl: 4 }}>
        <Select
          allowClear
          placeholder={t('allCompanies')}
          loading={companiesLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={[...companies]}
        />
      </FilterField>
      <FilterField name="condition" label={t('condition')} width={{ xs: 24, md: 12, xl: 4 }}>
        <Select allowClear placeholder={t('anyCondition')} options={conditions} />
      </FilterField>
      <FilterField name="legacy_id" label={t('job')} width={{ xs: 24, md: 12, xl: 4 }}>
        <AutoComplete
          allowClear
          placeholder={t('anyJob')}
          options={jobs.options}
          showSearch={{
            filterOption: (input, option) =>
              String(option?.label ?? '')
                .toLowerCase()
                .includes(input.toLowerCase()),
          }}
        />
      </FilterField>
      <FilterField name="raised" label={t('raised')} width={{ xs: 24, md: 12, xl: 6 }}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          format={ENTRY_DATE_FORMAT}
          placeholder={[tf('datePlaceholder'), tf('datePlaceholder')]}
          style={{ width: '100%' }}
        />
      </FilterField>
    </FilterPanel>
  );
}
