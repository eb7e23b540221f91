import { SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Select } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
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
    <Form<ChainJobSearch>
      layout="vertical"
      initialValues={EMPTY_CHAIN_JOB_SEARCH}
      onFinish={(values) => onSearch({ ...EMPTY_CHAIN_JOB_SEARCH, ...values })}
      data-testid="chain-job-search"
    >
      <Flex gap={12} wrap align="end">
        <Form.Item name="companyCode" label={t('companyCode')} style={{ minWidth: 240, marginBottom: 0 }}>
          <Select
            aria-label={t('companyCode')}
            loading={companiesLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={[{ value: '', label: t('anyCompany') }, ...companies]}
          />
        </Form.Item>
        <Form.Item name="chainJobId" label={t('chainJobId')} style={{ marginBottom: 0 }}>
          <Input maxLength={64} allowClear />
        </Form.Item>
        <Form.Item name="chainJobName" label={t('chainJobName')} style={{ marginBottom: 0 }}>
          <Input maxLength={200} allowClear />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('search')}
        </Button>
      </Flex>
    </Form>
  );
}
