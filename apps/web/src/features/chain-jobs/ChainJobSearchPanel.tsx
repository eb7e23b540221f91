import { Select } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { FilterField, FilterText } from '../../ui/filter-panel/FilterField';
import { FilterPanel } from '../../ui/filter-panel/FilterPanel';
import type { CompanyOption } from '../companies';
import { EMPTY_CHAIN_JOB_SEARCH, type ChainJobSearch } from './chain-job-api';
import { chainJobMessages } from './chain-jobs.i18n';

interface Props {
  companies: readonly CompanyOption[];
  companiesLoading: boolean;
  onSearch: (search: ChainJobSearch) => void;
}

/** Spec 001 §2: Company Code, Chain Job ID, Chain Job Name and Search; applied only by Search. */
export function ChainJobSearchPanel({ companies, companiesLoading, onSearch }: Props) {
  const t = useT(chainJobMessages);
  return (
    <FilterPanel<ChainJobSearch>
      initialValues={EMPTY_CHAIN_JOB_SEARCH}
      onSearch={(values) => onSearch({ ...EMPTY_CHAIN_JOB_SEARCH, ...values })}
      data-testid="chain-job-search"
    >
      <FilterField name="companyCode" label={t('companyCode')} width={[24, 8, 6]}>
        <Select
          aria-label={t('companyCode')}
          loading={companiesLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={[{ value: '', label: t('anyCompany') }, ...companies]}
        />
      </FilterField>
      <FilterText name="chainJobId" label={t('chainJobId')} width={[24, 8, 5]} maxLength={64} />
      <FilterText name="chainJobName" label={t('chainJobName')} width={[24, 8, 6]} maxLength={200} />
    </FilterPanel>
  );
}
