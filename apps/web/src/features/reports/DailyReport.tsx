import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { DailyReportRow } from '@lis/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Table, Typography } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../app/i18n/I18nProvider';
import { HOME_PATH } from '../../app/routes/screens';
import { toCsv } from '../../ui/csv';
import { PageContainer } from '../../ui/PageContainer';
import { saveCsv } from '../../ui/save-file';
import { useErrorDialog } from '../../ui/useErrorDialog';
import {
  DAILY_REPORT_WIDTH,
  dailyReportColumns,
  dailyReportCsvColumns,
  dailyReportRowKey,
} from './daily-report-columns';
import { dailyReportParams, shownDate } from './report-params';
import { fetchDailyReport, reportKeys } from './reports-api';
import { reportMessages } from './reports.i18n';

const NO_ROWS: DailyReportRow[] = [];

/**
 * Daily Report (spec 000 §2; routes /daily-report and, outside the layout, /report): per day and job,
 * the runs and how they ended, the files loaded and returned. The address says what: `companycode`
 * (one or many), `date_from`, `date_to` (yyyymmdd or dd/mm/yyyy). Without both dates: the spec's error,
 * then the monitoring report (spec 000 §5).
 */
export function DailyReport() {
  const t = useT(reportMessages);
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const showError = useErrorDialog();
  const [searchParams] = useSearchParams();
  const params = useMemo(() => dailyReportParams(searchParams), [searchParams]);

  const told = useRef(false);
  useEffect(() => {
    if (params.ok || told.current) return;
    told.current = true;
    modal.error({
      title: t('datesRequiredTitle'),
      content: params.missing ? t('datesRequired') : t('badDate', { name: params.name, value: params.value }),
      okText: t('ok'),
      onOk: () => navigate(HOME_PATH),
    });
  }, [params, modal, t, navigate]);

  const companies = params.ok ? params.companies : [];
  const from = params.ok ? params.dateFrom : '';
  const to = params.ok ? params.dateTo : '';
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

  const exportCsv = () => saveCsv(toCsv(dailyReportCsvColumns(t), rows), `daily_report_${from}_${to}.csv`);

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
      {params.ok && (
        <Typography.Paragraph type="secondary" data-testid="daily-report-range">
          {t('rangeLine', { from: shownDate(from), to: shownDate(to) })} ·{' '}
          {t('companiesLine', { companies: companies.length ? companies.join(', ') : t('allCompanies') })}
        </Typography.Paragraph>
      )}
      <Table<DailyReportRow>
        data-testid="daily-report-table"
        rowKey={dailyReportRowKey}
        size="small"
        bordered
        tableLayout="fixed"
        scroll={{ x: DAILY_REPORT_WIDTH }}
        columns={dailyReportColumns(t)}
        dataSource={rows}
        loading={query.isFetching && !query.isPending}
        pagination={{ defaultPageSize: 25, pageSizeOptions: [10, 25, 50, 100], showSizeChanger: true }}
        locale={{ emptyText: params.ok && query.isPending ? t('loading') : t('noData') }}
      />
    </PageContainer>
  );
}
