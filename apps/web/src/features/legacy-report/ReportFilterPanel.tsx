import { SearchOutlined } from '@ant-design/icons';
import { Button, Checkbox, Col, Flex, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { EMPTY_REPORT_FILTERS, JOB_STATES, type JobState, type ReportFilters } from '../monitoring';
import { monitoringMessages } from '../monitoring';

const ITEM_STYLE = { marginBottom: 12 };

interface Props {
  onSearch: (filters: ReportFilters) => void;
  /** The state checkboxes in the screen's order. */
  states?: readonly JobState[];
  /**
   * The manual report's filter check (spec 000 §2): while ticked the filters apply, unticked every row
   * shows. Focusing a text filter unticks it; leaving one ticks it again (with what is typed) when
   * Legacy ID is not empty. Search ticks it.
   */
  withFilterCheck?: boolean;
}

/** Spec 000 §2: company code, legacy ID, legacy name and the job states; Search applies them. */
export function ReportFilterPanel({ onSearch, states = JOB_STATES, withFilterCheck = false }: Props) {
  const t = useT(monitoringMessages);
  const [form] = Form.useForm<ReportFilters>();
  const [filterChecked, setFilterChecked] = useState(false);

  const currentFilters = (): ReportFilters => ({ ...EMPTY_REPORT_FILTERS, ...form.getFieldsValue() });
  const setFilterCheck = (checked: boolean) => {
    setFilterChecked(checked);
    onSearch(checked ? currentFilters() : EMPTY_REPORT_FILTERS);
  };
  const textFilterEvents = withFilterCheck
    ? {
        onFocus: () => {
          if (filterChecked) setFilterCheck(false);
        },
        onBlur: () => {
          if (currentFilters().legacyId.trim() !== '') setFilterCheck(true);
        },
      }
    : {};

  return (
    <Form<ReportFilters>
      form={form}
      name="legacyReportFilter"
      layout="vertical"
      initialValues={EMPTY_REPORT_FILTERS}
      onFinish={(values) => {
        if (withFilterCheck) setFilterChecked(true);
        onSearch({ ...EMPTY_REPORT_FILTERS, ...values });
      }}
    >
      <Row gutter={16} align="bottom">
        <Col xs={24} md={8} xl={4}>
          <Form.Item style={ITEM_STYLE} name="companyCode" label={t('companyCode')}>
            <Input allowClear maxLength={32} placeholder={t('textPlaceholder')} {...textFilterEvents} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8} xl={4}>
          <Form.Item style={ITEM_STYLE} name="legacyId" label={t('legacyId')}>
            <Input allowClear maxLength={100} placeholder={t('textPlaceholder')} {...textFilterEvents} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8} xl={5}>
          <Form.Item style={ITEM_STYLE} name="legacyName" label={t('legacyName')}>
            <Input allowClear maxLength={200} placeholder={t('textPlaceholder')} {...textFilterEvents} />
          </Form.Item>
        </Col>
        <Col xs={24} md={18} xl={8}>
          <Form.Item style={ITEM_STYLE} name="states" label={t('jobState')}>
            <Checkbox.Group options={states.map((state) => ({ label: state, value: state }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6} xl={3}>
          <Form.Item style={ITEM_STYLE}>
            <Flex vertical gap={4}>
              {withFilterCheck && (
                <Checkbox checked={filterChecked} onChange={(event) => setFilterCheck(event.target.checked)}>
                  {t('filterCheck')}
                </Checkbox>
              )}
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} block>
                {t('search')}
              </Button>
            </Flex>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
