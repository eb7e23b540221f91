import { DEFAULT_SID } from '@lis/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { call } from '../../platform/api/endpoint-client';
import { useT } from '../../platform/i18n/I18nProvider';
import { FilterDate, FilterField } from '../../ui/filter-panel/FilterField';
import { FilterPanel } from '../../ui/filter-panel/FilterPanel';
import { compactDate, pickerDay } from '../../ui/table-dates';
import { reportMessages } from './reports.i18n';

export interface DailyReportChoice {
  companies: string[];
  /** yyyymmdd */
  dateFrom: string;
  /** yyyymmdd */
  dateTo: string;
}

interface FormValues {
  companies: string[];
  dateFrom: Dayjs | null;
  dateTo: Dayjs | null;
}

const DAY_WIDTH = { flex: 'none' } as const;
const DAY_PICKER_STYLE = { width: 140 };

/** The companies the caller may see (GET v1/company_master answers only those), for the selector. */
function useCompanyOptions() {
  const query = useQuery({
    queryKey: ['companies', 'list'],
    queryFn: ({ signal }) => call('GET /v1/company_master', { query: { sid: DEFAULT_SID }, signal }),
    retry: false,
  });
  return useMemo(
    () =>
      (query.data?.result_list ?? []).map((company) => ({
        value: company.company_code,
        label: `${company.company_code} : ${company.company_name}`,
      })),
    [query.data],
  );
}

/**
 * The Daily Report's choices (issue 17): companies (none = all of the caller's) and the two dates,
 * filled from the address; Search writes them back to the address, which the report reads.
 */
export function DailyReportFilter({
  value,
  loading,
  onSearch,
}: {
  value: DailyReportChoice;
  loading: boolean;
  onSearch: (choice: DailyReportChoice) => void;
}) {
  const t = useT(reportMessages);
  const dayRequired = [{ required: true, message: t('dateRequired') }];
  const [form] = Form.useForm<FormValues>();
  const options = useCompanyOptions();

  useEffect(() => {
    form.setFieldsValue({
      companies: value.companies,
      dateFrom: pickerDay(value.dateFrom),
      dateTo: pickerDay(value.dateTo),
    });
  }, [form, value]);

  const submit = (values: FormValues) => {
    if (!values.dateFrom || !values.dateTo) return;
    const [from, to] = values.dateFrom.isAfter(values.dateTo)
      ? [values.dateTo, values.dateFrom]
      : [values.dateFrom, values.dateTo];
    onSearch({
      companies: values.companies,
      dateFrom: compactDate(from),
      dateTo: compactDate(to),
    });
  };

  return (
    <FilterPanel<FormValues>
      form={form}
      onSearch={submit}
      searching={loading}
      labels="beside"
      data-testid="daily-report-filter"
      initialValues={{ companies: [], dateFrom: null, dateTo: null }}
    >
      <FilterField name="companies" label={t('companyCode')} width={{ flex: '0 1 300px' }}>
        <Select
          mode="multiple"
          allowClear
          style={{ minWidth: 220 }}
          placeholder={t('allCompanies')}
          options={options}
          optionFilterProp="label"
          maxTagCount="responsive"
        />
      </FilterField>
      {/* Labels beside the fields: each day as wide as a whole date, the label beside it. */}
      <FilterField name="dateFrom" label={t('dateFrom')} width={DAY_WIDTH} rules={dayRequired}>
        <FilterDate style={DAY_PICKER_STYLE} />
      </FilterField>
      <FilterField name="dateTo" label={t('dateTo')} width={DAY_WIDTH} rules={dayRequired}>
        <FilterDate style={DAY_PICKER_STYLE} />
      </FilterField>
    </FilterPanel>
  );
}
