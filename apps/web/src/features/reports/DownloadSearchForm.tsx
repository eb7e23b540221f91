import { SearchOutlined } from '@ant-design/icons';
import { App, Button, Col, DatePicker, Form, Input, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import { useT } from '../../platform/i18n/I18nProvider';
import { ENTRY_DATE_FORMAT, jobSearchDate } from '../../ui/table-dates';
import type { DownloadSearch } from './download-files-api';
import { reportMessages } from './reports.i18n';

interface FormValues {
  companyCode?: string;
  legacyId?: string;
  jobStartFrom?: Dayjs | null;
  jobStartTo?: Dayjs | null;
}

const ITEM_STYLE = { marginBottom: 12 };

/** The search of Download Source And Response File: every field required (spec 000 §5). */
export function DownloadSearchForm({
  loading,
  onSearch,
}: {
  loading: boolean;
  onSearch: (search: DownloadSearch) => void;
}) {
  const t = useT(reportMessages);
  const { modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();

  const submit = (values: FormValues) => {
    const companyCode = values.companyCode?.trim() ?? '';
    const legacyId = values.legacyId?.trim() ?? '';
    if (!companyCode || !legacyId || !values.jobStartFrom || !values.jobStartTo) {
      modal.warning({ title: t('cautionTitle'), content: t('fillAllFields'), okText: t('ok') });
      return;
    }
    onSearch({
      companyCode,
      legacyId,
      jobStartFrom: jobSearchDate(values.jobStartFrom),
      jobStartTo: jobSearchDate(values.jobStartTo),
    });
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} data-testid="download-search-form">
      <Row gutter={16} align="bottom">
        <Col xs={12} md={6} xl={4}>
          <Form.Item style={ITEM_STYLE} name="companyCode" label={t('companyCode')}>
            <Input allowClear maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6} xl={5}>
          <Form.Item style={ITEM_STYLE} name="legacyId" label={t('legacyId')}>
            <Input allowClear maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6} xl={4}>
          <Form.Item style={ITEM_STYLE} name="jobStartFrom" label={t('jobStartFrom')}>
            <DatePicker
              style={{ width: '100%' }}
              format={ENTRY_DATE_FORMAT}
              placeholder={t('datePlaceholder')}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6} xl={4}>
          <Form.Item style={ITEM_STYLE} name="jobStartTo" label={t('jobStartTo')}>
            <DatePicker
              style={{ width: '100%' }}
              format={ENTRY_DATE_FORMAT}
              placeholder={t('datePlaceholder')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={24} xl={7}>
          <Form.Item style={ITEM_STYLE}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={loading}>
              {t('search')}
            </Button>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
