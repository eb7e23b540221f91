import { SearchOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, Row, Select } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import type { CompanyOption } from '../companies';
import { EMPTY_FILTERS, type JobConfigFilters } from './job-config-api';
import { jobConfigMessages } from './job-config.i18n';

interface Props {
  companies: CompanyOption[];
  companiesLoading: boolean;
  onSearch: (filters: JobConfigFilters) => void;
}

/** Spec 001 "Job Config screen": Company Code, Legacy ID, Legacy Name, Api Class Name, Api Function Name. */
export function JobSearchPanel({ companies, companiesLoading, onSearch }: Props) {
  const t = useT(jobConfigMessages);
  const [form] = Form.useForm<JobConfigFilters>();
  const submit = (values: JobConfigFilters) => {
    const trimmed = Object.fromEntries(
      Object.entries({ ...EMPTY_FILTERS, ...values }).map(([key, value]) => [key, (value ?? '').trim()]),
    ) as unknown as JobConfigFilters;
    onSearch(trimmed);
  };
  const text = (name: keyof JobConfigFilters, label: string) => (
    <Col xs={24} sm={12} lg={8} xl={4}>
      <Form.Item name={name} label={label}>
        <Input allowClear />
      </Form.Item>
    </Col>
  );
  return (
    <Form
      form={form}
      // Field ids get this prefix: the job modal's form has its own api_function_name.
      name="jobConfigSearch"
      layout="vertical"
      initialValues={EMPTY_FILTERS}
      onFinish={submit}
      role="search"
      aria-label={t('search')}
      data-testid="job-config-search"
    >
      <Row gutter={12} align="bottom">
        <Col xs={24} sm={12} lg={8} xl={4}>
          <Form.Item name="company_code" label={t('companyCode')}>
            <Select
              loading={companiesLoading}
              showSearch={{ optionFilterProp: 'label' }}
              options={[{ value: '', label: t('anyCompany') }, ...companies]}
            />
          </Form.Item>
        </Col>
        {text('legacy_id', t('legacyId'))}
        {text('legacy_name', t('legacyName'))}
        {text('api_class_name', t('apiClassName'))}
        {text('api_function_name', t('apiFunctionName'))}
        <Col xs={24} sm={12} lg={8} xl={4}>
          <Form.Item label=" " colon={false}>
            <Button
              type="primary"
              htmlType="submit"
              icon={<SearchOutlined />}
              data-testid="job-config-search-button"
            >
              {t('search')}
            </Button>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
