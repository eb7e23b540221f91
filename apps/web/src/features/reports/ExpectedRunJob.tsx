import { ReloadOutlined, WarningFilled } from '@ant-design/icons';
import type { ExpectedRunJobRow } from '@lis/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../platform/i18n/I18nProvider';
import { FileDeadlineCell } from '../../ui/expectation/FileDeadlineCell';
import { PageContainer } from '../../ui/PageContainer';
import { tableDate } from '../../ui/table-dates';
import { idCell, strongIdCell } from '../../ui/table-fit';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { companiesOf } from './report-params';
import { fetchExpectedRunJobs, reportKeys } from './reports-api';
import { reportMessages } from './reports.i18n';
import { DayTimelineCard } from './timeline/DayTimelineCard';
import './reports.css';

const differs = (row: ExpectedRunJobRow) => row.expected_count !== row.actual_count;
const rowKey = (row: ExpectedRunJobRow) => `${row.companycode}\u0000${row.legacyid}`;
const wrap = { whiteSpace: 'normal', wordBreak: 'break-word' } as const;

/**
 * Expected Run Job (spec 000 §2, route /expected-running-job-report?companycode=…): for each active
 * job, the fires its triggers were due to make today until now against its scheduled runs; rows whose
 * counts differ are highlighted.
 */
export function ExpectedRunJob() {
  const t = useT(reportMessages);
  const showError = useErrorDialog();
  const [searchParams] = useSearchParams();
  const companies = useMemo(() => companiesOf(searchParams), [searchParams]);
  const query = useQuery({
    queryKey: reportKeys.expected(companies),
    queryFn: ({ signal }) => fetchExpectedRunJobs(companies, signal),
    retry: false,
  });
  const { error, data } = query;
  useEffect(() => {
    if (error) showError(error);
  }, [error, showError]);

  const columns: TableColumnsType<ExpectedRunJobRow> = [
    { key: 'row', title: t('rowNumber'), width: 56, render: (_, _row, index) => index + 1 },
    { key: 'companycode', title: t('companyCode'), dataIndex: 'companycode', width: 96, render: idCell },
    { key: 'legacyid', title: t('legacyId'), dataIndex: 'legacyid', width: 160, render: strongIdCell },
    { key: 'legacyname', title: t('legacyName'), dataIndex: 'legacyname', width: 130 },
    {
      key: 'expected_time',
      title: t('expectedTime'),
      render: (_, row) => (
        <span style={wrap}>
          {row.expected_time || '-'}
          {row.invalid_triggers.length > 0 && (
            <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
              {t('invalidTriggers', { triggers: row.invalid_triggers.join(' | ') })}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      key: 'expected_count',
      title: t('expectedCount'),
      width: 130,
      align: 'right',
      render: (_, row) => (
        <span data-testid="expected-count">
          {row.expected_count}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {t('expectedOfDay', { count: row.expected_count_day })}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'actual_time',
      title: t('actualTime'),
      render: (_, row) => <span style={wrap}>{row.actual_time || '-'}</span>,
    },
    {
      key: 'actual_count',
      title: t('actualCount'),
      width: 120,
      align: 'right',
      render: (_, row) => (
        <span data-testid="actual-count">
          {differs(row) && (
            <Tooltip title={t('countsDiffer')}>
              <WarningFilled
                aria-label={t('countsDiffer')}
                style={{ color: '#cf1322', marginInlineEnd: 6 }}
              />
            </Tooltip>
          )}
          {row.actual_count}
        </span>
      ),
    },
    {
      // Issue 35: the day's file deadline of a job that expects files, and how it stands.
      key: 'deadline',
      title: t('fileDeadline'),
      width: 110,
      render: (_, row) => (
        <FileDeadlineCell
          state={row.expectation_state}
          deadlineAt={row.deadline_at}
          testId="expected-deadline"
        />
      ),
    },
  ];

  return (
    <PageContainer
      title={t('expectedTitle')}
      extra={
        <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
          {t('refresh')}
        </Button>
      }
    >
      {data && (
        <Typography.Paragraph type="secondary" data-testid="expected-run-day">
          {t('todayLine', { date: tableDate(data.report_date), zone: data.time_zone })} · {t('legend')}
        </Typography.Paragraph>
      )}
      <DayTimelineCard key={companies.join(',')} companies={companies} initialDay="" />
      <Table<ExpectedRunJobRow>
        data-testid="expected-run-table"
        rowKey={rowKey}
        size="small"
        bordered
        tableLayout="fixed"
        columns={columns}
        dataSource={data?.result_list ?? []}
        rowClassName={(row) => (differs(row) ? 'expected-run-row-differs' : '')}
        loading={query.isFetching && !query.isPending}
        pagination={{ defaultPageSize: 50, pageSizeOptions: [10, 25, 50, 100], showSizeChanger: true }}
        locale={{ emptyText: query.isPending ? t('loading') : t('noData') }}
      />
    </PageContainer>
  );
}
