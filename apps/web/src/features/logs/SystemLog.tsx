import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import type { SystemLogRow } from '@lis/contracts';
import { Button, Col, DatePicker, Form, Input, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { PageContainer } from '../../ui/PageContainer';
import { ENTRY_DATE_FORMAT, jobSearchDate } from '../../ui/table-dates';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { usePagedList } from '../../ui/usePagedList';
import { fetchSystemLog, logKeys, type SystemLogSearch } from './logs-api';
import { logsMessages } from './logs.i18n';
import { SystemLogTable } from './SystemLogTable';

interface FilterValues {
  jobInstanceNo?: string;
  jobStartFrom?: Dayjs | null;
  jobStartTo?: Dayjs | null;
}

const NO_FILTER: SystemLogSearch = { jobInstanceNo: '', jobStartFrom: '', jobStartTo: '' };
const ITEM_STYLE = { marginBottom: 12 };

/**
 * System Log (spec 000 §2, route /legacylog): the log lines of the caller's companies, newest first,
 * filtered by job instance number and the day range; each search starts at page 1 of 25 rows.
 */
export function SystemLog() {
  const t = useT(logsMessages);
  const [form] = Form.useForm<FilterValues>();
  const [search, setSearch] = useState<SystemLogSearch>(NO_FILTER);
  const showError = useErrorDialog();
  const list = usePagedList<SystemLogRow>({
    queryKey: (page, size) => logKeys.system(search, page, size),
    fetch: (page, size, signal) => fetchSystemLog(search, page, size, signal),
    showError: (error) => showError(error),
  });

  const apply = (values: FilterValues) => {
    setSearch({
      jobInstanceNo: values.jobInstanceNo ?? '',
      jobStartFrom: jobSearchDate(values.jobStartFrom),
      jobStartTo: jobSearchDate(values.jobStartTo),
    });
    list.restart();
  };

  return (
    <PageContainer title={t('systemLogTitle')}>
      <Form form={form} layout="vertical" onFinish={apply} data-testid="system-log-filters">
        <Row gutter={16} align="bottom">
          <Col xs={24} md={8} xl={7}>
            <Form.Item style={ITEM_STYLE} name="jobInstanceNo" label={t('jobInstanceNo')}>
              <Input allowClear maxLength={160} placeholder={t('textPlaceholder')} />
            </Form.Item>
          </Col>
          <Col xs={12} md={5} xl={4}>
            <Form.Item style={ITEM_STYLE} name="jobStartFrom" label={t('jobStartFrom')}>
              <DatePicker
                style={{ width: '100%' }}
                format={ENTRY_DATE_FORMAT}
                placeholder={t('datePlaceholder')}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={5} xl={4}>
            <Form.Item style={ITEM_STYLE} name="jobStartTo" label={t('jobStartTo')}>
              <DatePicker
                style={{ width: '100%' }}
                format={ENTRY_DATE_FORMAT}
                placeholder={t('datePlaceholder')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6} xl={9}>
            <Form.Item style={ITEM_STYLE}>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('search')}
              </Button>{' '}
              <Button
                icon={<UndoOutlined />}
                onClick={() => {
                  form.resetFields();
                  apply({});
                }}
              >
                {t('reset')}
              </Button>
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <SystemLogTable list={list} />
    </PageContainer>
  );
}
