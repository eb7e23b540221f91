import { App } from 'antd';
import type { Dayjs } from 'dayjs';
import { useT } from '../../platform/i18n/I18nProvider';
import { FilterDays, FilterText } from '../../ui/filter-panel/FilterField';
import { FilterPanel } from '../../ui/filter-panel/FilterPanel';
import { jobSearchDate } from '../../ui/table-dates';
import type { DownloadSearch } from './download-files-api';
import { reportMessages } from './reports.i18n';

interface FormValues {
  companyCode?: string;
  legacyId?: string;
  jobStartFrom?: Dayjs | null;
  jobStartTo?: Dayjs | null;
}

/** The search of Download Source And Response File: every field required (spec 000 §5). */
export function DownloadSearchForm({
  loading,
  onSearch,
}: {
  loading: boolean;
  onSearch: (search: DownloadSearch) => void;
}) {
  const t = useT(reportMessages);
  const { modal } = App.useApp();

  const submit = (values: FormValues) => {
    const companyCode = values.companyCode?.trim() ?? '';
    const legacyId = values.legacyId?.trim() ?? '';
    if (!companyCode || !legacyId || !values.jobStartFrom || !values.jobStartTo) {
      modal.warning({ title: t('cautionTitle'), content: t('fillAllFields'), okText: t('ok') });
      return;
    }
    onSearch({
      companyCode,
      legacyId,
      jobStartFrom: jobSearchDate(values.jobStartFrom),
      jobStartTo: jobSearchDate(values.jobStartTo),
    });
  };

  return (
    <FilterPanel<FormValues> onSearch={submit} searching={loading} data-testid="download-search-form">
      <FilterText name="companyCode" label={t('companyCode')} width={[12, 6, 4]} maxLength={32} />
      <FilterText name="legacyId" label={t('legacyId')} width={[12, 6, 5]} maxLength={100} />
      <FilterDays
        names={['jobStartFrom', 'jobStartTo']}
        labels={[t('jobStartFrom'), t('jobStartTo')]}
        width={[12, 6, 4]}
      />
    </FilterPanel>
  );
}
