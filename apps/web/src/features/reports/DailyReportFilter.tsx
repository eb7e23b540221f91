import { SearchOutlined } from '@ant-design/icons';
import { DEFAULT_SID } from '@lis/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { call } from '../../platform/api/endpoint-client';
import { useT } from '../../platform/i18n/I18nProvider';
import { ENTRY_DATE_FORMAT } from '../../ui/table-dates';
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

/** yyyymmdd (already checked by `reportDate`) → the picker's day; '' → none. */
const dayOf = (compact: string): Dayjs | null =>
  /^\d{8}$/.test(compact)
    ? dayjs(`${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}T00:00:00`)
    : null;

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
  const [form] = Form.useForm<FormValues>();
  const options = useCompanyOptions();

  useEffect(() => {
    form.setFieldsValue({
      companies: value.companies,
      dateFrom: dayOf(value.dateFrom),
      dateTo: dayOf(value.dateTo),
    });
  }, [form, value]);

  const submit = (values: FormValues) => {
    if (!values.dateFrom || !values.dateTo) return;
    const [from, to] = values.dateFrom.isAfter(values.dateTo)
      ? [values.dateTo, values.dateFrom]
      : [values.dateFrom, values.dateTo];
    onSearch({
      companies: values.companies,
      dateFrom: from.format('YYYYMMDD'),
      dateTo: to.format('YYYYMMDD'),
    });
  };

  return (
    <Form
      form={form}
      layout="inline"
      onFinish={submit}
      data-testid="daily-report-filter"
      style={{ marginBottom: 12, rowGap: 8 }}
      initialValues={{ companies: [], dateFrom: null, dateTo: null }}
    >
      <Form.Item name="companies" label={t('companyCode')}>
        <Select
          mode="multiple"
          allowClear
          style={{ minWidth: 220 }}
          placeholder={t('allCompanies')}
          options={options}
          optionFilterProp="label"
          maxTagCount="responsive"
        />
      </Form.Item>
      <Form.Item
        name="dateFrom"
        label={t('dateFrom')}
        rules={[{ required: true, message: t('dateRequired') }]}
      >
        <DatePicker format={ENTRY_DATE_FORMAT} placeholder={t('datePlaceholder')} />
      </Form.Item>
      <Form.Item name="dateTo" label={t('dateTo')} rules={[{ required: true, message: t('dateRequired') }]}>
        <DatePicker format={ENTRY_DATE_FORMAT} placeholder={t('datePlaceholder')} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={loading}>
          {t('search')}
        </Button>
      </Form.Item>
    </Form>
  );
}
