import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type MailOutboxRow, type MailStatus } from '@lis/contracts';
import {
  Alert,
  App,
  Button,
  Modal,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { errorText } from '../../ui/error-message';
import { tableTime } from '../../ui/table-dates';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { fetchMailOutbox, mailOutboxKeys, resendMail, type MailOutboxFilter } from './mail-outbox-api';
import { MailOutboxFilters } from './MailOutboxFilters';
import { mailOutboxMessages } from './mail-outbox.i18n';
import { MailBodyModal } from './MailBodyModal';

const STATUS_COLORS: Record<MailStatus, string> = {
  PENDING: 'blue',
  SENDING: 'cyan',
  SENT: 'green',
  UNKNOWN: 'orange',
  FAILED: 'red',
  KEPT: 'default',
};

/** States an admin may send again (decision 0016): LIS never resends them by itself. */
const RESENDABLE: readonly MailStatus[] = ['UNKNOWN', 'FAILED'];

interface Props {
  company: string;
  open: boolean;
  onClose: () => void;
}

/**
 * The mail outbox of one company, newest first, filtered by status and creation days: status (with what
 * it means), attempts and the last error; a row's View shows the body, Resend sends an UNKNOWN or FAILED
 * mail again after a confirmation.
 */
export function MailOutboxModal({ company, open, onClose }: Props) {
  const t = useT(mailOutboxMessages);
  const { modal, message } = App.useApp();
  const showErrorDialog = useErrorDialog();
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: (seq: number) => resendMail(company, seq),
    onSuccess: (answer) => {
      message.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: mailOutboxKeys.all });
    },
    onError: (error) => showErrorDialog(error, { title: t('notSuccessful') }),
  });
  const confirmResend = (seq: number) =>
    modal.confirm({
      title: t('resendTitle', { seq }),
      content: t('resendText'),
      okText: t('resend'),
      cancelText: t('cancel'),
      onOk: () => resend.mutateAsync(seq).catch(() => undefined),
    });
  const [paging, setPaging] = useState({ current: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [filter, setFilter] = useState<MailOutboxFilter>({});
  const [shown, setShown] = useState<number | undefined>(undefined);
  const query = useQuery({
    queryKey: mailOutboxKeys.page(company, paging.current, paging.pageSize, filter),
    queryFn: ({ signal }) => fetchMailOutbox(company, paging.current, paging.pageSize, filter, signal),
    enabled: open && company !== '',
    retry: false,
    staleTime: 0,
  });
  const rows = query.data?.result_list ?? [];

  const columns: TableColumnsType<MailOutboxRow> = [
    {
      key: 'created',
      title: `${t('created')} / ${t('sent')}`,
      width: 150,
      render: (_, row) => (
        <>
          {tableTime(row.created_at)}
          {row.sent_at ? (
            <>
              <br />
              <Typography.Text type="secondary">{tableTime(row.sent_at)}</Typography.Text>
            </>
          ) : null}
        </>
      ),
    },
    {
      key: 'job',
      title: t('job'),
      width: 190,
      render: (_, row) => (
        <span style={{ overflowWrap: 'anywhere' }}>
          {row.legacy_id}
          <br />
          <Typography.Text type="secondary">{row.job_instance_no}</Typography.Text>
        </span>
      ),
    },
    { key: 'condition', title: t('condition'), dataIndex: 'condition', width: 110, ellipsis: true },
    { key: 'to', title: t('to'), dataIndex: 'mail_to', width: 150, ellipsis: true },
    { key: 'subject', title: t('subject'), dataIndex: 'subject', ellipsis: { showTitle: true } },
    {
      key: 'status',
      title: t('status'),
      width: 110,
      render: (_, row) => (
        <Tooltip title={t(`help${row.status}`)}>
          <Tag color={STATUS_COLORS[row.status]} data-testid={`mail-status-${row.seq}`}>
            {t(row.status)}
          </Tag>
        </Tooltip>
      ),
    },
    { key: 'attempts', title: t('attempts'), dataIndex: 'attempts', width: 80, align: 'right' },
    {
      key: 'lastError',
      title: t('lastError'),
      dataIndex: 'last_error',
      width: 170,
      ellipsis: { showTitle: true },
    },
    {
      key: 'view',
      title: '',
      width: 150,
      fixed: 'right',
      render: (_, row) => (
        <Space size={4}>
          <Button size="small" onClick={() => setShown(row.seq)}>
            {t('view')}
          </Button>
          {RESENDABLE.includes(row.status) && (
            <Button size="small" onClick={() => confirmResend(row.seq)}>
              {t('resend')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Modal
      open={open}
      title={t('title', { company })}
      width="min(1280px, 96vw)"
      centered
      destroyOnHidden
      footer={null}
      onCancel={onClose}
    >
      <MailOutboxFilters
        filter={filter}
        onChange={(next) => {
          setFilter(next);
          setPaging((current) => ({ ...current, current: 1 }));
        }}
      />
      {rows.some((row) => row.status === 'KEPT') ? (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('keptNote')} />
      ) : null}
      {rows.some((row) => row.status === 'UNKNOWN') ? (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('unknownNote')} />
      ) : null}
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('notSuccessful')}
          description={errorText(query.error, t('notSuccessful'))}
        />
      ) : null}
      <Table<MailOutboxRow>
        data-testid="mail-outbox-table"
        rowKey="seq"
        size="small"
        bordered
        tableLayout="fixed"
        // Fits the modal at 1280 px (content 1232): no sideways scroll on a laptop.
        scroll={{ x: 1220 }}
        columns={columns}
        dataSource={rows}
        loading={query.isFetching}
        locale={{ emptyText: t('noData') }}
        pagination={{
          ...paging,
          total: query.data?.total_count ?? 0,
          pageSizeOptions: [...PAGE_SIZES],
          showSizeChanger: true,
          hideOnSinglePage: true,
          onChange: (current, pageSize) => setPaging({ current, pageSize }),
        }}
      />
      <MailBodyModal company={company} seq={shown} onClose={() => setShown(undefined)} />
    </Modal>
  );
}
