import { CloseOutlined, SearchOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { ALL_COMPANIES, type Company } from '@lis/contracts';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Empty,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { useMemo, useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { moveCompanyFirst, setCompanyRoles, toggleCompany, type CompanyAccessDraft } from './employee-form';
import type { Option } from './employee-rows';
import { employeeMessages } from './employees.i18n';

interface Props {
  /** Given by Form.Item. */
  value?: CompanyAccessDraft[];
  onChange?: (value: CompanyAccessDraft[]) => void;
  companies: readonly Company[];
  roleOptions: readonly Option[];
  companyLabel: (code: string) => string;
}

/**
 * One checkbox per company (plus '*' all companies) and, for each checked company, a role select.
 * The checked companies are listed in the order they were checked: the first decides the user's role.
 */
export function CompanyAccessField({ value = [], onChange, companies, roleOptions, companyLabel }: Props) {
  const t = useT(employeeMessages);
  const { token } = theme.useToken();
  const [filter, setFilter] = useState('');
  const checked = new Set(value.map((entry) => entry.company_code));

  const choices = useMemo(() => {
    const codes = [ALL_COMPANIES, ...companies.map((company) => company.company_code)];
    // Keep codes the user already has even when the company is no longer active, so they can be unchecked.
    for (const entry of value) if (!codes.includes(entry.company_code)) codes.push(entry.company_code);
    return codes.map((code) => ({ code, label: companyLabel(code) }));
  }, [companies, value, companyLabel]);

  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? choices.filter((choice) => `${choice.label} ${choice.code}`.toLowerCase().includes(needle))
    : choices;
  const change = (next: CompanyAccessDraft[]) => onChange?.(next);

  return (
    // A nameless noStyle item with an empty status: the outer Form.Item's error ("select at least
    // 1 Company") is shown below the field, but must not paint the filter and role inputs red.
    <Form.Item noStyle validateStatus="">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card
            size="small"
            title={t('companies')}
            extra={
              <Input
                size="small"
                allowClear
                prefix={<SearchOutlined />}
                placeholder={t('filterCompanies')}
                aria-label={t('filterCompanies')}
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
              />
            }
          >
            <div
              style={{
                display: 'grid',
                gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
                gap: `${token.paddingXS}px ${token.padding}px`,
                maxHeight: 340,
                overflowY: 'auto',
              }}
            >
              {shown.map((choice) => (
                <Checkbox
                  key={choice.code}
                  checked={checked.has(choice.code)}
                  onChange={(event) => change(toggleCompany(value, choice.code, event.target.checked))}
                >
                  <span style={{ overflowWrap: 'anywhere' }}>
                    {choice.code === ALL_COMPANIES ? `* ${choice.label}` : choice.label}
                  </span>
                </Checkbox>
              ))}
            </div>
            {shown.length === 0 && (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noCompanies')} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('selectedOrder')}>
            <Alert type="info" showIcon title={t('firstDecides')} style={{ marginBottom: token.marginSM }} />
            {value.length === 0 && (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noCompanySelected')} />
            )}
            {value.map((entry, index) => {
              const label = companyLabel(entry.company_code);
              return (
                <Flex
                  key={entry.company_code}
                  align="center"
                  gap="small"
                  wrap
                  style={{ padding: `${token.paddingXS}px 0`, borderBottom: `1px solid ${token.colorSplit}` }}
                >
                  <Tag style={{ minWidth: 32, textAlign: 'center', marginInlineEnd: 0 }}>{index + 1}</Tag>
                  <Flex vertical style={{ flex: '1 1 180px', minWidth: 0 }}>
                    <Typography.Text ellipsis={{ tooltip: label }}>{label}</Typography.Text>
                    <Flex gap="small" align="center">
                      <Typography.Text type="secondary">{entry.company_code}</Typography.Text>
                      {index === 0 && (
                        <Tag color="gold" variant="outlined" style={{ marginInlineEnd: 0 }}>
                          {t('decidesRole')}
                        </Tag>
                      )}
                    </Flex>
                  </Flex>
                  <Select
                    mode="multiple"
                    aria-label={`${t('roleAccess')}: ${label}`}
                    placeholder={t('selectRoles')}
                    status={entry.roles.length === 0 ? 'error' : undefined}
                    style={{ flex: '1 1 240px', maxWidth: 360 }}
                    options={[...roleOptions]}
                    value={entry.roles}
                    onChange={(roles: string[]) => change(setCompanyRoles(value, entry.company_code, roles))}
                  />
                  <Tooltip title={t('makeFirst')}>
                    <Button
                      type="text"
                      icon={<VerticalAlignTopOutlined />}
                      aria-label={`${t('makeFirst')}: ${label}`}
                      disabled={index === 0}
                      onClick={() => change(moveCompanyFirst(value, entry.company_code))}
                    />
                  </Tooltip>
                  <Tooltip title={t('remove')}>
                    <Button
                      type="text"
                      icon={<CloseOutlined />}
                      aria-label={`${t('remove')}: ${label}`}
                      onClick={() => change(toggleCompany(value, entry.company_code, false))}
                    />
                  </Tooltip>
                </Flex>
              );
            })}
          </Card>
        </Col>
      </Row>
    </Form.Item>
  );
}
