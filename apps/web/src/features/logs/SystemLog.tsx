import type { SystemLogRow } from '@lis/contracts';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { PageContainer } from '../../ui/PageContainer';
import { FilterDays, FilterText } from '../../ui/filter-panel/FilterField';
import { FilterPanel } from '../../ui/filter-panel/FilterPanel';
import { jobSearchDate } from '../../ui/table-dates';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { usePagedList } from '../../ui/usePagedList';
import { fetchSystemLog, logKeys, type SystemLogSearch } from './logs-api';
import { logsMessages } from './logs.i18n';
import { SystemLogTable } from './SystemLogTable';

interface FilterValues {
  jobInstanceNo?: string;
  jobStartFrom?: Dayjs | null;
  jobStartTo?: Dayjs | null;
}

const NO_FILTER: SystemLogSearch = { jobInstanceNo: '', jobStartFrom: '', jobStartTo: '' };

/**
 * System Log (spec 000 §2, route /legacylog): the log lines of the caller's companies, newest first,
 * filtered by job instance number and the day range; each search starts at page 1 of 25 rows.
 */
export function SystemLog() {
  const t = useT(logsMessages);
  const [search, setSearch] = useState<SystemLogSearch>(NO_FILTER);
  const showError = useErrorDialog();
  const list = usePagedList<SystemLogRow>({
    queryKey: (page, size) => logKeys.system(search, page, size),
    fetch: (page, size, signal) => fetchSystemLog(search, page, size, signal),
    showError: (error) => showError(error),
  });

  const apply = (values: FilterValues) => {
    setSearch({
      jobInstanceNo: values.jobInstanceNo ?? '',
      jobStartFrom: jobSearchDate(values.jobStartFrom),
      jobStartTo: jobSearchDate(values.jobStartTo),
    });
    list.restart();
  };

  return (
    <PageContainer title={t('systemLogTitle')}>
      <FilterPanel<FilterValues> onSearch={apply} onClear={() => apply({})} data-testid="system-log-filters">
        <FilterText
          name="jobInstanceNo"
          label={t('jobInstanceNo')}
          width={[24, 8, 7]}
          maxLength={160}
          placeholder={t('textPlaceholder')}
        />
        <FilterDays
          names={['jobStartFrom', 'jobStartTo']}
          labels={[t('jobStartFrom'), t('jobStartTo')]}
          width={[12, 5, 4]}
        />
      </FilterPanel>
      <SystemLogTable list={list} />
    </PageContainer>
  );
}
