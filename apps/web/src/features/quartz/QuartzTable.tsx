import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE, type QuartzRow } from '@lis/contracts';
import { Button, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { MaintenanceUntilTag } from '../../ui/maintenance/MaintenanceUntilTag';
import { idCell, strongIdCell } from '../../ui/table-fit';
import { useT } from '../../platform/i18n/I18nProvider';
import { TriggerCalendarLine } from './TriggerCalendarLine';
import { companyOfGroup, triggerAction } from './quartz-filter';
import { quartzMessages } from './quartz.i18n';

interface Props {
  rows: readonly QuartzRow[];
  loading: boolean;
  /** Before the first answer: 'Loading...'; after a failed one: 'No Data...'. */
  pending: boolean;
  /** Admins see the stop button (the server refuses anyone else). */
  canControl: boolean;
  busyTrigger: string | undefined;
  onAction: (action: 'pause' | 'resume', row: QuartzRow) => void;
}

/**
 * Legacy Name takes what the fixed columns leave, never less than this: the fixed columns (sized for
 * the longer of the English and Thai texts) plus this fit a 1366 px window with the side menu open.
 */
const LEGACY_NAME_MIN_WIDTH = 100;

/** Spec 001 "Quartz Monitor screen": index, Legacy Name, Company Code, Legacy ID, fires, Completed, stop. */
export function QuartzTable({ rows, loading, pending, canControl, busyTrigger, onAction }: Props) {
  const t = useT(quartzMessages);
  // The index counts over the filtered list, across pages.
  const positions = useMemo(() => new Map(rows.map((row, i) => [row.trigger_id, i + 1])), [rows]);
  const columns: TableColumnsType<QuartzRow> = [
    {
      key: 'index',
      title: t('index'),
      width: 56,
      align: 'right',
      render: (_, row) => positions.get(row.trigger_id),
    },
    {
      key: 'legacy_name',
      title: t('legacyName'),
      // The cell's text is cut with an ellipsis, not the header's: a long (Thai) header wraps instead.
      render: (_, row) => (
        <Tooltip
          title={
            <>
              {row.legacy_name}
              {row.legacy_name && <br />}
              {row.expression}
            </>
          }
        >
          <Typography.Text ellipsis>{row.legacy_name || '—'}</Typography.Text>
        </Tooltip>
      ),
    },
    {
      key: 'company',
      title: t('companyCode'),
      width: 100,
      render: (_, row) => idCell(companyOfGroup(row.jobGroup)),
    },
    { key: 'jobName', title: t('legacyId'), dataIndex: 'jobName', width: 170, render: strongIdCell },
    { key: 'previous_fire', title: t('lastFire'), dataIndex: 'previous_fire', width: 150 },
    {
      key: 'next_fire',
      title: t('nextFire'),
      width: 150,
      // A trigger that will not fire (stopped here, or its job suspended or switched off) shows its
      // next time struck through, with a tag saying why (issue 17); below it, the calendar the next fire
      // honours with its business-day rule, and the company's maintenance window holding now (issue 34).
      render: (_, row) => (
        <>
          {row.state === 'PAUSED' || row.suspended || row.inactive ? (
            <Typography.Text type="secondary" delete>
              {row.next_fire}
            </Typography.Text>
          ) : (
            row.next_fire
          )}
          {row.suspended && (
            <Tooltip title={t('suspendedHelp')}>
              <Tag color="red" style={{ marginInlineStart: 8 }} data-testid="quartz-suspended">
                {t('suspended')}
              </Tag>
            </Tooltip>
          )}
          {row.inactive && (
            <Tooltip title={t('inactiveHelp')}>
              <Tag style={{ marginInlineStart: 8 }} data-testid="quartz-inactive">
                {t('inactive')}
              </Tag>
            </Tooltip>
          )}
          {row.state === 'PAUSED' && (
            <Tooltip title={row.paused_by ? t('stoppedBy', { user: row.paused_by }) : undefined}>
              <Tag color="orange" style={{ marginInlineStart: 8 }}>
                {t('stopped')}
              </Tag>
            </Tooltip>
          )}
          {row.state === 'ERROR' && <Tag color="red">{t('invalid')}</Tag>}
          {row.calendar && (
            <TriggerCalendarLine
              name={row.calendar}
              company={row.calendar_company}
              rule={row.calendar_rule}
            />
          )}
          {row.maintenance_until && (
            <div style={{ marginTop: 4 }}>
              <MaintenanceUntilTag until={row.maintenance_until} />
            </div>
          )}
        </>
      ),
    },
    {
      key: 'is_completed',
      title: t('completed'),
      width: 96,
      align: 'center',
      render: (_, row) => (row.is_completed ? t('yes') : t('no')),
    },
  ];
  if (canControl)
    columns.push({
      key: 'action',
      title: t('action'),
      width: 120,
      align: 'center',
      render: (_, row) => {
        const action = triggerAction(row);
        if (!action) return null;
        return (
          <Button
            size="small"
            danger={action === 'pause'}
            icon={action === 'pause' ? <PauseOutlined /> : <CaretRightOutlined />}
            loading={busyTrigger === row.trigger_id}
            onClick={() => onAction(action, row)}
          >
            {action === 'pause' ? t('stop') : t('resume')}
          </Button>
        );
      },
    });

  const fixedWidth = columns.reduce(
    (sum, column) => sum + (typeof column.width === 'number' ? column.width : 0),
    0,
  );

  return (
    <Table<QuartzRow>
      rowKey="trigger_id"
      size="middle"
      bordered
      tableLayout="fixed"
      scroll={{ x: fixedWidth + LEGACY_NAME_MIN_WIDTH }}
      columns={columns}
      dataSource={[...rows]}
      loading={loading}
      pagination={{
        defaultPageSize: DEFAULT_PAGE_SIZE,
        pageSizeOptions: [...PAGE_SIZES],
        showSizeChanger: true,
        showTotal: (total) => t('total', { total }),
      }}
      locale={{ emptyText: pending ? t('loading') : t('noData') }}
    />
  );
}
