import { DEFAULT_SID, type StepAttempt } from '@lis/contracts';
import { useQuery } from '@tanstack/react-query';
import { Table, Typography, type TableColumnsType } from 'antd';
import { call } from '../../platform/api/endpoint-client';
import { useT } from '../../platform/i18n/I18nProvider';
import type { Messages } from '../../platform/i18n/language';
import { formatReportTime } from '../monitoring';
import { StatusTag } from '../monitoring';
import { legacyDetailMessages } from './legacy-detail.i18n';
import type { DetailParams } from './legacy-detail-api';
import { DetailRetryWaiting } from './DetailRetryWaiting';

const en = {
  attemptsTitle: 'Earlier attempts of re-run steps',
  attemptStep: 'Step',
  attempt: 'Attempt',
  attemptStatus: 'Status',
  attemptStarted: 'Started',
  attemptFinished: 'Finished',
  attemptMessage: 'Message',
  attemptRerun: 'Re-run by',
  mailStep: 'Send Email',
};
const th: Record<keyof typeof en, string> = {
  attemptsTitle: 'การรันครั้งก่อนของขั้นตอนที่สั่งรันใหม่',
  attemptStep: 'ขั้นตอน',
  attempt: 'ครั้งที่',
  attemptStatus: 'สถานะ',
  attemptStarted: 'เริ่ม',
  attemptFinished: 'สิ้นสุด',
  attemptMessage: 'ข้อความ',
  attemptRerun: 'สั่งรันใหม่โดย',
  mailStep: 'ส่งอีเมล',
};
const attemptMessages: Messages<keyof typeof en> = { en, th };

/** `GET /v1/legacy/step-attempts`: what each step re-run of the run replaced (issue 31). */
function fetchStepAttempts(params: DetailParams, signal?: AbortSignal) {
  return call('GET /v1/legacy/step-attempts', {
    query: {
      sid: DEFAULT_SID,
      company_code: params.companyCode,
      legacy_id: params.legacyId,
      job_instance_no: params.jobNo,
    },
    signal,
  });
}

/**
 * Under the run's steps on Monitor Detail: each earlier attempt of a step that was re-run — its state,
 * its own start and end, its message, and who asked for the re-run when. Nothing when none was.
 */
export function DetailStepAttempts({ params, onChanged }: { params: DetailParams; onChanged?: () => void }) {
  const t = useT(attemptMessages);
  const d = useT(legacyDetailMessages);
  const attempts = useQuery({
    queryKey: ['legacy-detail', 'step-attempts', params],
    queryFn: ({ signal }) => fetchStepAttempts(params, signal),
    retry: false,
  });
  const rows = attempts.data?.result_list ?? [];
  // Issue 36: a run waiting for a step's next attempt says so, with Retry now and Cancel retries.
  const waiting = (
    <DetailRetryWaiting
      params={params}
      retry={attempts.data?.retry}
      onChanged={onChanged ?? (() => undefined)}
    />
  );
  if (rows.length === 0) return waiting;
  const stepNames: Record<number, string> = {
    1: d('loadFiles'),
    5: d('conversion'),
    2: d('callFunction'),
    3: d('returnFiles'),
    4: d('functionStatus'),
    6: t('mailStep'),
  };
  const columns: TableColumnsType<StepAttempt> = [
    {
      key: 'step',
      title: t('attemptStep'),
      render: (_, row) => `${String(row.step)} ${stepNames[row.step] ?? ''}`,
    },
    { key: 'attempt', title: t('attempt'), dataIndex: 'attempt' },
    { key: 'status', title: t('attemptStatus'), render: (_, row) => <StatusTag status={row.status} /> },
    { key: 'started', title: t('attemptStarted'), render: (_, row) => formatReportTime(row.started_on) },
    { key: 'finished', title: t('attemptFinished'), render: (_, row) => formatReportTime(row.finished_on) },
    { key: 'message', title: t('attemptMessage'), dataIndex: 'message' },
    {
      key: 'rerun',
      title: t('attemptRerun'),
      render: (_, row) => `${row.rerun_by} ${formatReportTime(row.rerun_on)}`,
    },
  ];
  return (
    <section aria-label={t('attemptsTitle')}>
      {waiting}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('attemptsTitle')}
      </Typography.Title>
      <Table<StepAttempt>
        rowKey={(row) => `${String(row.step)}-${String(row.attempt)}`}
        size="small"
        tableLayout="auto"
        columns={columns}
        dataSource={rows}
        pagination={false}
      />
    </section>
  );
}
