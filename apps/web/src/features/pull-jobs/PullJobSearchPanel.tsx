import { DEFAULT_SID } from '@lis/contracts';
import { Select } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { FilterField, FilterText, type FilterWidth } from '../../ui/filter-panel/FilterField';
import { FilterPanel } from '../../ui/filter-panel/FilterPanel';
import type { CompanyOption } from '../companies';
import { EMPTY_PULL_JOB_SEARCH, type PullJobSearch } from './pull-job-api';
import { pullJobMessages } from './pull-jobs.i18n';

interface Props {
  companies: readonly CompanyOption[];
  companiesLoading: boolean;
  onSearch: (search: PullJobSearch) => void;
}

type SearchFields = Partial<Record<keyof PullJobSearch, string | null>>;

/** Three fields a row on a laptop, two on a tablet. */
const WIDTH: FilterWidth = [24, 12, 8];

function toSearch(fields: SearchFields): PullJobSearch {
  const search = { ...EMPTY_PULL_JOB_SEARCH };
  for (const key of Object.keys(search) as (keyof PullJobSearch)[]) search[key] = fields[key] ?? '';
  return search;
}

/** Spec 001 §2: search by SID, Company Code, Legacy ID, Legacy Name, Api Class Name, Api Function Name. */
export function PullJobSearchPanel({ companies, companiesLoading, onSearch }: Props) {
  const t = useT(pullJobMessages);
  const text = (name: keyof PullJobSearch, label: string, max: number) => (
    <FilterText name={name} label={label} width={WIDTH} maxLength={max} autoComplete="off" />
  );

  return (
    <FilterPanel<SearchFields>
      name="pullJobSearch"
      initialValues={{ sid: DEFAULT_SID }}
      onSearch={(fields) => onSearch(toSearch(fields))}
      onClear={() => onSearch(EMPTY_PULL_JOB_SEARCH)}
      clearWord="clear"
      searchTestId="pull-job-search"
      style={{ marginBottom: 8 }}
    >
      {text('sid', t('sid'), 16)}
      <FilterField name="company_code" label={t('companyCode')} width={WIDTH}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={companiesLoading}
          placeholder={t('anyCompany')}
          options={[...companies]}
        />
      </FilterField>
      {text('legacy_id', t('legacyId'), 100)}
      {text('legacy_name', t('legacyName'), 200)}
      {text('api_class_name', t('apiClassName'), 255)}
      {text('api_function_name', t('apiFunctionName'), 255)}
    </FilterPanel>
  );
}
