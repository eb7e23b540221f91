import { ReloadOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PullJobLogRow } from '@lis/contracts';
import { Button, Result, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { columnsWidth, idCell, strongIdCell } from '../../ui/table-fit';
import { PageContainer } from '../../ui/PageContainer';
import { formatLastPull } from './last-pull-format';
import { pullJobMessages } from './pull-jobs.i18n';
import { usePullJobLog } from './usePullJobLog';

const STATUS_COLORS: Record<string, string> = {
  FINISHED: 'green',
  WARNING: 'orange',
  ERROR: 'red',
  RUNNING: 'blue',
  WAITING: 'gold',
};

const rowKey = (row: PullJobLogRow) => `${row.companycode}\u0000${row.legacyid}`;

/** Pull Job Config Log (spec 001 §2, route /pulljobconfig-log): the last pull of each pull job. */
export function PullJobConfigLog() {
  const t = useT(pullJobMessages);
  const log = usePullJobLog();
  const [paging, setPaging] = useState({ current: 1, pageSize: DEFAULT_PAGE_SIZE });

  const columns: TableColumnsType<PullJobLogRow> = [
    {
      key: 'row',
      title: t('rowNumber'),
      width: 80,
      render: (_, _row, index) => (paging.current - 1) * paging.pageSize + index + 1,
    },
    { key: 'companycode', title: t('companyCode'), dataIndex: 'companycode', width: 120, render: idCell },
    { key: 'legacyid', title: t('legacyId'), dataIndex: 'legacyid', render: strongIdCell },
    {
      key: 'last_pull',
      title: t('lastPull'),
      width: 200,
      render: (_, row) => <span data-testid="last-pull">{formatLastPull(row.last_pull)}</span>,
    },
    { key: 'legacyname', title: t('legacyName'), dataIndex: 'legacyname' },
    {
      key: 'last_status',
      title: t('lastStatus'),
      width: 150,
      render: (_, row) =>
        row.last_status ? <Tag color={STATUS_COLORS[row.last_status]}>{row.last_status}</Tag> : null,
    },
  ];

  return (
    <PageContainer
      title={t('logTitle')}
      extra={
        log.noUser ? null : (
          <Button icon={<ReloadOutlined />} loading={log.refreshing} onClick={log.refresh}>
            {t('refresh')}
          </Button>
        )
      }
    >
      {log.noUser ? (
        <Result
          data-testid="pull-job-log-no-user"
          status="warning"
          icon={<UserDeleteOutlined />}
          title={t('noUserTitle')}
          subTitle={t('noUserText')}
        />
      ) : (
        <Table<PullJobLogRow>
          data-testid="pull-job-log-table"
          rowKey={rowKey}
          size="middle"
          bordered
          tableLayout="fixed"
          scroll={{ x: columnsWidth(columns) }}
          columns={columns}
          dataSource={log.rows}
          loading={log.refreshing && !log.loading}
          pagination={{
            ...paging,
            pageSizeOptions: [...PAGE_SIZES],
            showSizeChanger: true,
            hideOnSinglePage: true,
            onChange: (current, pageSize) => setPaging({ current, pageSize }),
          }}
          locale={{ emptyText: log.loading ? t('loading') : t('noData') }}
        />
      )}
    </PageContainer>
  );
}
