import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { PAGE_SIZES, type SystemLogRow } from '@lis/contracts';
import { Button, Col, DatePicker, Form, Input, Row, Table, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useT } from '../../app/i18n/I18nProvider';
import { PageContainer } from '../../ui/PageContainer';
import { ENTRY_DATE_FORMAT, jobSearchDate } from '../../ui/table-dates';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { usePagedList } from '../../ui/usePagedList';
import { fetchSystemLog, logKeys, type SystemLogSearch } from './logs-api';
import { logsMessages } from './logs.i18n';

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

  const columns: TableColumnsType<SystemLogRow> = [
    { key: 'sid', title: t('sid'), dataIndex: 'sid', width: 70 },
    { key: 'companycode', title: t('companyCode'), dataIndex: 'companycode', width: 130, ellipsis: true },
    {
      key: 'job_instanceno',
      title: t('jobInstanceNo'),
      dataIndex: 'job_instanceno',
      width: 230,
      ellipsis: true,
    },
    { key: 'log_type', title: t('logType'), dataIndex: 'log_type', width: 110, ellipsis: true },
    {
      key: 'message',
      title: t('message'),
      dataIndex: 'message',
      render: (text: string) => (
        <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{text}</span>
      ),
    },
    { key: 'created_on', title: t('createdOn'), dataIndex: 'created_on', width: 170 },
    { key: 'msg_source', title: t('msgSource'), dataIndex: 'msg_source', width: 140, ellipsis: true },
  ];

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
      <Table<SystemLogRow>
        data-testid="system-log-table"
        rowKey="seq"
        size="small"
        bordered
        tableLayout="fixed"
        scroll={{ x: 1150 }}
        columns={columns}
        dataSource={list.rows}
        loading={list.isFetching && !list.isPending}
        pagination={{
          current: list.page,
          pageSize: list.pageSize,
          total: list.total,
          pageSizeOptions: [...PAGE_SIZES],
          showSizeChanger: true,
          showTotal: (total) => t('total', { count: total }),
          onChange: list.changePage,
        }}
        locale={{ emptyText: list.isPending ? t('loading') : t('noData') }}
      />
    </PageContainer>
  );
}
