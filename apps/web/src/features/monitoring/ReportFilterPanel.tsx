import { SearchOutlined } from '@ant-design/icons';
import { Button, Checkbox, Col, Form, Input, Row } from 'antd';
import { useT } from '../../app/i18n/I18nProvider';
import { EMPTY_REPORT_FILTERS, JOB_STATES, type ReportFilters } from './report-rows';
import { monitoringMessages } from './monitoring.i18n';

const ITEM_STYLE = { marginBottom: 12 };

/** Spec 000 §2: company code, legacy ID, legacy name and the job states; Search applies them. */
export function ReportFilterPanel({ onSearch }: { onSearch: (filters: ReportFilters) => void }) {
  const t = useT(monitoringMessages);
  return (
    <Form<ReportFilters>
      name="legacyReportFilter"
      layout="vertical"
      initialValues={EMPTY_REPORT_FILTERS}
      onFinish={(values) => onSearch({ ...EMPTY_REPORT_FILTERS, ...values })}
    >
      <Row gutter={16} align="bottom">
        <Col xs={24} md={8} xl={4}>
          <Form.Item style={ITEM_STYLE} name="companyCode" label={t('companyCode')}>
            <Input allowClear maxLength={32} placeholder={t('textPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8} xl={4}>
          <Form.Item style={ITEM_STYLE} name="legacyId" label={t('legacyId')}>
            <Input allowClear maxLength={100} placeholder={t('textPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8} xl={5}>
          <Form.Item style={ITEM_STYLE} name="legacyName" label={t('legacyName')}>
            <Input allowClear maxLength={200} placeholder={t('textPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={18} xl={8}>
          <Form.Item style={ITEM_STYLE} name="states" label={t('jobState')}>
            <Checkbox.Group options={JOB_STATES.map((state) => ({ label: state, value: state }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6} xl={3}>
          <Form.Item style={ITEM_STYLE}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} block>
              {t('search')}
            </Button>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
