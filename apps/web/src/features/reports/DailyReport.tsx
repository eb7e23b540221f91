import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { DailyReportRow } from '@lis/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Table, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../platform/i18n/I18nProvider';
import { toCsv } from '../../ui/csv';
import { zoneToday } from '../../ui/table-dates';
import { PageContainer } from '../../ui/PageContainer';
import { saveCsv } from '../../ui/save-file';
import { useColumnChoice } from '../../ui/useColumnChoice';
import { useErrorDialog } from '../../ui/useErrorDialog';
import {
  DAILY_REPORT_COLUMN_CHOICE,
  dailyReportColumns,
  dailyReportCsvColumns,
  dailyReportRowKey,
  missingCount,
} from './daily-report-columns';
import { DailyReportFilter, type DailyReportChoice } from './DailyReportFilter';
import { companiesOf, dailyReportParams, reportDate, shownDate } from './report-params';
import { fetchDailyReport, reportKeys } from './reports-api';
import { reportMessages } from './reports.i18n';
import { DayTimelineCard } from './timeline/DayTimelineCard';

const NO_ROWS: DailyReportRow[] = [];

/** The address with the report's choices written in (other parameters such as `sid` are kept). */
function withChoice(params: URLSearchParams, choice: DailyReportChoice): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('companycode');
  if (choice.companies.length) next.set('companycode', choice.companies.join(','));
  next.set('date_from', choice.dateFrom);
  next.set('date_to', choice.dateTo);
  return next;
}

/**
 * Daily Report (spec 000 §2; routes /daily-report and, outside the layout, /report): per day and job,
 * the runs and how they ended, the files loaded and returned. The address says what: `companycode`
 * (one or many), `date_from`, `date_to` (yyyymmdd or dd/mm/yyyy). The screen has its own company
 * selector and date pickers that read and write those parameters (issue 17); a missing date becomes
 * today, a date that is not one is said on the page and left for the picker to correct.
 */
export function DailyReport() {
  const t = useT(reportMessages);
  const fit = useColumnChoice(dailyReportColumns(t), DAILY_REPORT_COLUMN_CHOICE);
  const showError = useErrorDialog();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => dailyReportParams(searchParams), [searchParams]);

  useEffect(() => {
    if (params.ok || !params.missing) return;
    const today = zoneToday();
    const next = new URLSearchParams(searchParams);
    if (!next.get('date_from')?.trim()) next.set('date_from', today);
    if (!next.get('date_to')?.trim()) next.set('date_to', today);
    setSearchParams(next, { replace: true });
  }, [params, searchParams, setSearchParams]);

  const companies = useMemo(() => companiesOf(searchParams), [searchParams]);
  const from = params.ok ? params.dateFrom : (reportDate(searchParams.get('date_from') ?? '') ?? '');
  const to = params.ok ? params.dateTo : (reportDate(searchParams.get('date_to') ?? '') ?? '');
  const choice = useMemo(() => ({ companies, dateFrom: from, dateTo: to }), [companies, from, to]);
  const query = useQuery({
    queryKey: reportKeys.daily(companies, from, to),
    queryFn: ({ signal }) => fetchDailyReport(companies, from, to, signal),
    enabled: params.ok,
    retry: false,
  });
  const { error } = query;
  useEffect(() => {
    if (error) showError(error);
  }, [error, showError]);
  const rows = query.data?.result_list ?? NO_ROWS;
  const missing = missingCount(rows);

  const exportCsv = () => saveCsv(toCsv(dailyReportCsvColumns(t), rows), `daily_report_${from}_${to}.csv`);
  const search = (next: DailyReportChoice) => {
    const nextParams = withChoice(searchParams, next);
    if (nextParams.toString() === searchParams.toString()) void query.refetch();
    else setSearchParams(nextParams);
  };

  return (
    <PageContainer
      title={t('dailyReportTitle')}
      extra={
        params.ok ? (
          <>
            <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
              {t('refresh')}
            </Button>
            <Button icon={<DownloadOutlined />} disabled={rows.length === 0} onClick={exportCsv}>
              {t('exportCsv')}
            </Button>
          </>
        ) : null
      }
    >
      <DailyReportFilter value={choice} loading={query.isFetching} onSearch={search} />
      {!params.ok && !params.missing && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="daily-report-bad-date"
          title={t('badDate', { name: params.name, value: params.value })}
        />
      )}
      {params.ok && (
        <Typography.Paragraph type="secondary" data-testid="daily-report-range">
          {t('rangeLine', { from: shownDate(from), to: shownDate(to) })} ·{' '}
          {t('companiesLine', { companies: companies.length ? companies.join(', ') : t('allCompanies') })}
          {missing !== undefined && (
            <>
              {' · '}
              <Typography.Text type={missing > 0 ? 'danger' : 'secondary'} data-testid="daily-report-missing">
                {t('missingLine', { count: missing })}
              </Typography.Text>
            </>
          )}
        </Typography.Paragraph>
      )}
      {params.ok && (
        <DayTimelineCard key={`${companies.join(',')}/${to}`} companies={companies} initialDay={to} />
      )}
      <Flex justify="end" style={{ marginBottom: 8 }}>
        {fit.chooser}
      </Flex>
      <Table<DailyReportRow>
        data-testid="daily-report-table"
        rowKey={dailyReportRowKey}
        size="small"
        bordered
        tableLayout="fixed"
        scroll={{ x: fit.width }}
        columns={fit.columns}
        dataSource={rows}
        loading={query.isFetching && !query.isPending}
        pagination={{ defaultPageSize: 25, pageSizeOptions: [10, 25, 50, 100], showSizeChanger: true }}
        locale={{ emptyText: params.ok && query.isPending ? t('loading') : t('noData') }}
      />
    </PageContainer>
  );
}
