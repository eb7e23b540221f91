import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { DEFAULT_SID } from '@lis/contracts';
import { Button, Col, Flex, Form, Input, Row, Select } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import type { CompanyOption } from '../companies';
import { EMPTY_PULL_JOB_SEARCH, type PullJobSearch } from './pull-job-api';
import { pullJobMessages } from './pull-jobs.i18n';

interface Props {
  companies: readonly CompanyOption[];
  companiesLoading: boolean;
  onSearch: (search: PullJobSearch) => void;
}

type SearchFields = Partial<Record<keyof PullJobSearch, string | null>>;

const ITEM_STYLE = { marginBottom: 12 };

function toSearch(fields: SearchFields): PullJobSearch {
  const search = { ...EMPTY_PULL_JOB_SEARCH };
  for (const key of Object.keys(search) as (keyof PullJobSearch)[]) search[key] = fields[key] ?? '';
  return search;
}

/** Spec 001 §2: search by SID, Company Code, Legacy ID, Legacy Name, Api Class Name, Api Function Name. */
export function PullJobSearchPanel({ companies, companiesLoading, onSearch }: Props) {
  const t = useT(pullJobMessages);
  const [form] = Form.useForm<SearchFields>();
  const text = (name: keyof PullJobSearch, label: string, max: number) => (
    <Col xs={24} md={12} xl={8}>
      <Form.Item style={ITEM_STYLE} name={name} label={label}>
        <Input allowClear maxLength={max} autoComplete="off" />
      </Form.Item>
    </Col>
  );
  const clear = () => {
    form.resetFields();
    onSearch(EMPTY_PULL_JOB_SEARCH);
  };

  return (
    <Form<SearchFields>
      name="pullJobSearch"
      form={form}
      layout="vertical"
      initialValues={{ sid: DEFAULT_SID }}
      onFinish={(fields) => onSearch(toSearch(fields))}
      style={{ marginBottom: 8 }}
    >
      <Row gutter={16} align="bottom">
        {text('sid', t('sid'), 16)}
        <Col xs={24} md={12} xl={8}>
          <Form.Item style={ITEM_STYLE} name="company_code" label={t('companyCode')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={companiesLoading}
              placeholder={t('anyCompany')}
              options={[...companies]}
            />
          </Form.Item>
        </Col>
        {text('legacy_id', t('legacyId'), 100)}
        {text('legacy_name', t('legacyName'), 200)}
        {text('api_class_name', t('apiClassName'), 255)}
        {text('api_function_name', t('apiFunctionName'), 255)}
      </Row>
      <Flex gap="small" justify="flex-end" wrap>
        <Button icon={<UndoOutlined />} onClick={clear}>
          {t('clear')}
        </Button>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="pull-job-search">
          {t('search')}
        </Button>
      </Flex>
    </Form>
  );
}
