import { ALL_COMPANIES } from '@lis/contracts';
import { App } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { FilterDays, FilterText, type FilterWidth } from '../../ui/filter-panel/FilterField';
import { FilterPanel } from '../../ui/filter-panel/FilterPanel';
import { compactDate } from '../../ui/table-dates';
import type { ApplicationLogSearch } from './logs-api';
import { logsMessages } from './logs.i18n';

interface FormValues {
  companyCode?: string;
  legacyId?: string;
  transactionDateFrom?: Dayjs | null;
  transactionDateTo?: Dayjs | null;
  sourceId1?: string;
  sourceId2?: string;
  sourceId3?: string;
}

const SOURCE_ID_WIDTH: FilterWidth = [24, 6, 4];
const blank = (text: string | undefined) => !text?.trim();

/**
 * The Application Log search form (spec 000 §2): company code ('*' by default: all of the caller's),
 * legacy ID, transaction dates, source ids 1–3. Legacy ID and both dates are required, else the
 * warning of spec 000 §5 and no search.
 */
export function ApplicationLogSearchForm({
  onSearch,
  actions,
}: {
  onSearch: (search: ApplicationLogSearch) => void;
  actions?: ReactNode;
}) {
  const t = useT(logsMessages);
  const { modal } = App.useApp();

  const submit = (values: FormValues) => {
    if (blank(values.legacyId) || !values.transactionDateFrom || !values.transactionDateTo) {
      modal.warning({ title: t('warningTitle'), content: t('applicationCriteriaRequired'), okText: t('ok') });
      return;
    }
    onSearch({
      companyCode: values.companyCode?.trim() || ALL_COMPANIES,
      legacyId: values.legacyId?.trim() ?? '',
      transactionDateFrom: compactDate(values.transactionDateFrom),
      transactionDateTo: compactDate(values.transactionDateTo),
      sourceId1: values.sourceId1 ?? '',
      sourceId2: values.sourceId2 ?? '',
      sourceId3: values.sourceId3 ?? '',
    });
  };

  return (
    <FilterPanel<FormValues>
      initialValues={{ companyCode: ALL_COMPANIES }}
      onSearch={submit}
      after={actions}
      data-testid="application-log-form"
      above={
        <>
          <FilterText name="companyCode" label={t('companyCode')} width={[12, 6, 4]} maxLength={32} />
          <FilterText name="legacyId" label={t('legacyId')} width={[12, 6, 5]} maxLength={100} />
          <FilterDays
            names={['transactionDateFrom', 'transactionDateTo']}
            labels={[t('transactionDateFrom'), t('transactionDateTo')]}
            width={[12, 6, 4]}
          />
        </>
      }
    >
      <FilterText name="sourceId1" label={t('sourceId1')} width={SOURCE_ID_WIDTH} maxLength={200} />
      <FilterText name="sourceId2" label={t('sourceId2')} width={SOURCE_ID_WIDTH} maxLength={200} />
      <FilterText name="sourceId3" label={t('sourceId3')} width={SOURCE_ID_WIDTH} maxLength={200} />
    </FilterPanel>
  );
}
