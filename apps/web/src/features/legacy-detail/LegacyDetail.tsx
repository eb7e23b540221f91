import type { FileListKind, LegacyReportRow } from '@lis/contracts';
import { useQuery } from '@tanstack/react-query';
import { UnorderedListOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Flex, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../platform/api/http';
import { useCurrentUser } from '../../platform/auth/useCurrentUser';
import { useT } from '../../platform/i18n/I18nProvider';
import { PageContainer } from '../../ui/PageContainer';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { DmsFileListModal } from '../files';
import { fileActionsFor } from '../files';
import { FileListModal } from '../files';
import { ActionPasswordModal } from '../settings';
import { MessageModal } from '../monitoring';
import { useReportActions } from '../monitoring';
import { JobRunHistoryModal } from '../run-history';
import { runHistoryMessages } from '../run-history';
import { DetailFileButtons } from './DetailFileButtons';
import { DetailId } from './DetailId';
import { DetailHistoryModal } from './DetailHistoryModal';
import { DetailLogTable } from './DetailLogTable';
import { DetailStepAttempts } from './DetailStepAttempts';
import { DetailStepTable } from './DetailStepTable';
import { isDmsType } from './detail-rows';
import {
  DETAIL_LOG_PAGE_SIZE,
  fetchDetailLogs,
  fetchDetailRun,
  legacyDetailKeys,
  type DetailParams,
} from './legacy-detail-api';
import { legacyDetailMessages } from './legacy-detail.i18n';

type Open = { kind: 'list'; list: FileListKind } | { kind: 'dms' | 'message' | 'history' | 'runs' };

/**
 * Monitor Detail, /legacydetail (spec 000 §2): one run of a job — its header, its steps (re-run of
 * steps 2–5 in ERROR), its log, and its kept files (backups, step-4 error sources, DMS files).
 */
export function LegacyDetail({ params }: { params: DetailParams }) {
  const t = useT(legacyDetailMessages);
  const th = useT(runHistoryMessages);
  const { role } = useCurrentUser();
  const showErrorDialog = useErrorDialog();
  const [open, setOpen] = useState<Open>();
  const [page, setPage] = useState(1);
  const close = useCallback(() => setOpen(undefined), []);

  const run = useQuery({
    queryKey: legacyDetailKeys.run(params),
    queryFn: ({ signal }) => fetchDetailRun(params, signal),
    retry: false,
  });
  const logs = useQuery({
    queryKey: legacyDetailKeys.logs(params, page),
    queryFn: ({ signal }) => fetchDetailLogs(params, page, signal),
    retry: false,
  });

  const showErrorRef = useRef(showErrorDialog);
  useEffect(() => {
    showErrorRef.current = showErrorDialog;
  });
  const failure = run.error ?? logs.error;
  useEffect(() => {
    if (failure && !(failure instanceof ApiError && failure.status === 401)) showErrorRef.current(failure);
  }, [failure]);

  const { refetch: refetchRun } = run;
  const { refetch: refetchLogs } = logs;
  const reload = useCallback(async () => {
    await Promise.all([refetchRun(), refetchLogs()]);
  }, [refetchRun, refetchLogs]);
  const actions = useReportActions({ hold: () => undefined, reloadCleared: reload });

  const row: LegacyReportRow | null | undefined = run.data;
  const legacyType = row?.legacytype || params.legacyType;
  const withDms = isDmsType(legacyType);
  const target = useMemo(
    () => ({ companyCode: params.companyCode, legacyId: params.legacyId, jobInstanceNo: params.jobNo }),
    [params],
  );

  return (
    <PageContainer title={t('title')}>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2, xxl: 3 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'company', label: t('companyCode'), children: <DetailId value={params.companyCode} /> },
          { key: 'legacy', label: t('legacyId'), children: <DetailId value={params.legacyId} /> },
          { key: 'name', label: t('legacyName'), children: <DetailId value={row?.legacyname ?? ''} /> },
          { key: 'job', label: t('jobInstanceNo'), children: <DetailId value={params.jobNo} /> },
          { key: 'type', label: t('legacyType'), children: <DetailId value={legacyType} /> },
        ]}
      />
      <Flex style={{ marginBottom: 16 }} gap={8} wrap>
        <DetailFileButtons
          withDms={withDms}
          hasMessage={Boolean(row?.message)}
          onList={(list) => setOpen({ kind: 'list', list })}
          onDms={() => setOpen({ kind: 'dms' })}
          onMessage={() => setOpen({ kind: 'message' })}
          onHistory={() => setOpen({ kind: 'history' })}
        />
        <Button icon={<UnorderedListOutlined />} onClick={() => setOpen({ kind: 'runs' })}>
          {th('menuItem')}
        </Button>
      </Flex>
      {run.isSuccess && row === null && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('runNotFound', {
            jobNo: params.jobNo,
            legacyId: params.legacyId,
            company: params.companyCode,
          })}
        />
      )}
      {row && (
        <DetailStepTable
          run={row}
          onRerun={(step) => actions.rerunStep(row, step)}
          onShowStep4Files={() => setOpen({ kind: 'list', list: 'step4_error' })}
        />
      )}
      {row && <DetailStepAttempts params={params} onChanged={() => void reload()} />}
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('logs')}
      </Typography.Title>
      <DetailLogTable
        rows={logs.data?.result_list ?? []}
        total={logs.data?.total_count ?? 0}
        page={page}
        pageSize={DETAIL_LOG_PAGE_SIZE}
        pending={logs.isPending}
        onPage={setPage}
      />

      {open?.kind === 'list' && (
        <FileListModal
          open
          list={open.list}
          target={target}
          actions={fileActionsFor(open.list, 'detail', role)}
          place="detail"
          onClose={close}
        />
      )}
      <DmsFileListModal open={open?.kind === 'dms'} target={target} onClose={close} />
      <DetailHistoryModal open={open?.kind === 'history'} target={target} withDms={withDms} onClose={close} />
      <JobRunHistoryModal
        job={open?.kind === 'runs' ? { ...target, legacyType } : undefined}
        onClose={close}
      />
      <MessageModal row={open?.kind === 'message' && row ? row : undefined} onClose={close} />
      <ActionPasswordModal {...actions.password} />
    </PageContainer>
  );
}
