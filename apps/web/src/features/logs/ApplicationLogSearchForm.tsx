import { SearchOutlined } from '@ant-design/icons';
import { ALL_COMPANIES } from '@lis/contracts';
import { App, Button, Col, DatePicker, Form, Input, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { compactDate, ENTRY_DATE_FORMAT } from '../../ui/table-dates';
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

const ITEM_STYLE = { marginBottom: 12 };
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
  const [form] = Form.useForm<FormValues>();

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

  const text = (name: keyof FormValues, label: string, maxLength = 100) => (
    <Form.Item style={ITEM_STYLE} name={name} label={label}>
      <Input allowClear maxLength={maxLength} />
    </Form.Item>
  );
  const date = (name: keyof FormValues, label: string) => (
    <Form.Item style={ITEM_STYLE} name={name} label={label}>
      <DatePicker style={{ width: '100%' }} format={ENTRY_DATE_FORMAT} placeholder={t('datePlaceholder')} />
    </Form.Item>
  );

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ companyCode: ALL_COMPANIES }}
      onFinish={submit}
      data-testid="application-log-form"
    >
      <Row gutter={16} align="bottom">
        <Col xs={12} md={6} xl={4}>
          {text('companyCode', t('companyCode'), 32)}
        </Col>
        <Col xs={12} md={6} xl={5}>
          {text('legacyId', t('legacyId'))}
        </Col>
        <Col xs={12} md={6} xl={4}>
          {date('transactionDateFrom', t('transactionDateFrom'))}
        </Col>
        <Col xs={12} md={6} xl={4}>
          {date('transactionDateTo', t('transactionDateTo'))}
        </Col>
      </Row>
      <Row gutter={16} align="bottom">
        <Col xs={24} md={6} xl={4}>
          {text('sourceId1', t('sourceId1'), 200)}
        </Col>
        <Col xs={24} md={6} xl={4}>
          {text('sourceId2', t('sourceId2'), 200)}
        </Col>
        <Col xs={24} md={6} xl={4}>
          {text('sourceId3', t('sourceId3'), 200)}
        </Col>
        <Col xs={24} md={6} xl={12}>
          <Form.Item style={ITEM_STYLE}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('search')}
            </Button>{' '}
            {actions}
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
