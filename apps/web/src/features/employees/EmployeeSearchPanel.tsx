import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import type { Company } from '@lis/contracts';
import { Button, Col, Collapse, Flex, Form, Input, Row, Select } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { EMPTY_FILTERS, type EmployeeFilters } from './employee-api';
import type { Option } from './employee-rows';
import { employeeMessages } from './employees.i18n';

interface Props {
  companies: readonly Company[];
  companiesLoading: boolean;
  roleOptions: readonly Option[];
  onSearch: (filters: EmployeeFilters) => void;
}

/** Tighter than the default 24px: the panel is small and the buttons share the last row. */
const ITEM_STYLE = { marginBottom: 12 };

interface SearchFields {
  id?: string;
  company_code?: string | null;
  role_access?: string | null;
}

function toFilters(fields: SearchFields): EmployeeFilters {
  return {
    id: fields.id ?? '',
    company_code: fields.company_code ?? '',
    role_access: fields.role_access ?? '',
  };
}

/** Collapsible search: User Name (substring), company, Role Access; Search and Reset. */
export function EmployeeSearchPanel({ companies, companiesLoading, roleOptions, onSearch }: Props) {
  const t = useT(employeeMessages);
  const [form] = Form.useForm<SearchFields>();
  const companyOptions = useMemo(
    () =>
      companies.map((company) => ({
        value: company.company_code,
        label: `${company.company_name} (${company.company_code})`,
      })),
    [companies],
  );

  const reset = () => {
    form.resetFields();
    onSearch(EMPTY_FILTERS);
  };

  return (
    <Collapse
      size="small"
      defaultActiveKey={['search']}
      style={{ marginBottom: 16 }}
      items={[
        {
          key: 'search',
          label: t('searchPanel'),
          children: (
            <Form<SearchFields>
              name="employeeSearch"
              form={form}
              layout="vertical"
              onFinish={(fields) => onSearch(toFilters(fields))}
            >
              <Row gutter={16} align="bottom">
                <Col xs={24} md={12} xl={6}>
                  <Form.Item style={ITEM_STYLE} name="id" label={t('userName')}>
                    <Input allowClear maxLength={64} placeholder={t('userNamePlaceholder')} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12} xl={7}>
                  <Form.Item style={ITEM_STYLE} name="company_code" label={t('company')}>
                    <Select
                      allowClear
                      showSearch={{ optionFilterProp: 'label' }}
                      loading={companiesLoading}
                      placeholder={t('anyCompany')}
                      options={companyOptions}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12} xl={5}>
                  <Form.Item style={ITEM_STYLE} name="role_access" label={t('roleAccess')}>
                    <Select allowClear placeholder={t('anyRole')} options={[...roleOptions]} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12} xl={6}>
                  <Form.Item style={ITEM_STYLE}>
                    <Flex gap="small" justify="flex-end" wrap>
                      <Button icon={<UndoOutlined />} onClick={reset}>
                        {t('reset')}
                      </Button>
                      <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                        {t('search')}
                      </Button>
                    </Flex>
                  </Form.Item>
                </Col>
              </Row>
            </Form>
          ),
        },
      ]}
    />
  );
}
