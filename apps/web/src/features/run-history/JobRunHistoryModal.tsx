import type { JobRunHistoryRow, LegacyReportRow } from '@lis/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Table, Typography, type TableColumnsType } from 'antd';
import { appUrl } from '../../platform/base-path';
import { useT } from '../../platform/i18n/I18nProvider';
import { StatusTag } from '../monitoring';
import { formatReportTime } from '../monitoring';
import { fetchJobRunHistory, formatDuration, runHistoryKeys, type HistoryJob } from './run-history-api';
import { runHistoryMessages } from './run-history.i18n';

/** Monitor Detail of one run of the job, in a new tab (as the row menu's Detail). */
function detailUrl(job: HistoryJob & { legacyType?: string }, jobNo: string): string {
  const params = new URLSearchParams({
    company_code: job.companyCode,
    legacy_id: job.legacyId,
    job_no: jobNo,
    ...(job.legacyType ? { legacytype: job.legacyType } : {}),
    _blank: 'true',
  });
  return appUrl(`legacydetail?${params.toString()}`);
}

/** The job of a monitoring row, as the history asks for it. */
export const historyJobOf = (row: LegacyReportRow): HistoryJob & { legacyType: string } => ({
  companyCode: row.companycode,
  legacyId: row.legacyid,
  legacyType: row.legacytype,
});

/**
 * A job's run history (issue 31 §8, decision 0029): its last runs with state, start, duration, files
 * in and out and who started them, from the monitoring lists' row menu and Monitor Detail.
 */
export function JobRunHistoryModal({
  job,
  onClose,
}: {
  job: (HistoryJob & { legacyType?: string }) | undefined;
  onClose: () => void;
}) {
  return job ? <HistoryDialog job={job} onClose={onClose} /> : null;
}

function HistoryDialog({ job, onClose }: { job: HistoryJob & { legacyType?: string }; onClose: () => void }) {
  const t = useT(runHistoryMessages);
  const history = useQuery({
    queryKey: runHistoryKeys.job(job),
    queryFn: ({ signal }) => fetchJobRunHistory(job, signal),
    retry: false,
  });
  const startedBy = (row: JobRunHistoryRow) => {
    if (row.started_how === 'user') return row.started_by;
    if (row.started_how === 'chain')
      return row.started_by ? t('byChainUser', { user: row.started_by }) : t('byChain');
    return t('byTrigger');
  };
  const columns: TableColumnsType<JobRunHistoryRow> = [
    {
      key: 'job',
      title: t('jobInstanceNo'),
      width: 250,
      render: (_, row) => (
        <a
          className="run-history-id"
          href={detailUrl(job, row.job_instanceno)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {row.job_instanceno}
        </a>
      ),
    },
    { key: 'status', title: t('status'), width: 110, render: (_, row) => <StatusTag status={row.status} /> },
    {
      key: 'started',
      title: t('started'),
      width: 170,
      render: (_, row) =>
        row.job_started_on
          ? formatReportTime(row.job_started_on)
          : t('notStarted', { queued: formatReportTime(row.queued_on) }),
    },
    {
      key: 'duration',
      title: t('duration'),
      width: 120,
      render: (_, row) => formatDuration(row.duration_ms),
    },
    {
      key: 'files',
      title: t('filesInOut'),
      width: 110,
      align: 'right',
      render: (_, row) => `${row.files_in} / ${row.files_out}`,
    },
    { key: 'by', title: t('startedBy'), width: 170, render: (_, row) => startedBy(row) },
    {
      key: 'message',
      title: t('message'),
      render: (_, row) => <span className="run-history-message">{row.message}</span>,
    },
  ];
  const data = history.data;
  return (
    <Modal
      open
      title={t('title', { legacyId: job.legacyId })}
      width="min(1280px, 96vw)"
      centered
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
    >
      {history.error && <Alert type="error" showIcon title={history.error.message} />}
      {data && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('shown', { shown: data.result_list.length, total: data.total_count })}
        </Typography.Paragraph>
      )}
      <Table<JobRunHistoryRow>
        rowKey="job_instanceno"
        size="small"
        bordered
        tableLayout="fixed"
        columns={columns}
        dataSource={data?.result_list ?? []}
        pagination={false}
        scroll={{ y: 'calc(100vh - 320px)' }}
        locale={{ emptyText: history.isPending ? t('loading') : t('noData') }}
        aria-label={t('title', { legacyId: job.legacyId })}
      />
    </Modal>
  );
}
