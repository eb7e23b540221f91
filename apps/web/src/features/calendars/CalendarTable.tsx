import { EyeOutlined } from '@ant-design/icons';
import type { NamedCalendar } from '@lis/contracts';
import { Button, Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { ResourceTable, useTotalText, type LoadedRows } from '../../ui/resource/ResourceTable';
import { RowActions } from '../../ui/RowActions';
import { tableTime } from '../../ui/table-dates';
import { strongIdCell } from '../../ui/table-fit';
import { calendarMessages, TOTAL_KEYS } from './calendars.i18n';
import { useCalendarWords } from './useCalendarWords';

interface Props {
  list: LoadedRows<NamedCalendar>;
  /** Whether the signed-in user may change this calendar (shared ones: super_admin only). */
  canWrite: (calendar: NamedCalendar) => boolean;
  onEdit: (calendar: NamedCalendar) => void;
  onDelete: (calendar: NamedCalendar) => void;
}

/** Fits the ~940 px a list has at 1366 px. */
const MIN_TABLE_WIDTH = 900;

/** Name, type (with its base chain), description, used by, updated; Edit and Delete, or View. */
export function CalendarTable({ list, canWrite, onEdit, onDelete }: Props) {
  const t = useT(calendarMessages);
  const words = useCalendarWords();
  const totalText = useTotalText(t, TOTAL_KEYS);

  const columns: TableColumnsType<NamedCalendar> = [
    {
      key: 'menu',
      title: t('menu'),
      width: 160,
      render: (_, calendar) =>
        canWrite(calendar) ? (
          <RowActions
            label={calendar.name}
            onEdit={() => onEdit(calendar)}
            onDelete={() => onDelete(calendar)}
          />
        ) : (
          <Button
            size="small"
            type="link"
            icon={<EyeOutlined />}
            aria-label={`${t('view')} ${calendar.name}`}
            onClick={() => onEdit(calendar)}
          >
            {t('view')}
          </Button>
        ),
    },
    {
      key: 'name',
      title: t('name'),
      width: 170,
      render: (_, calendar) => (
        <Flex gap={4} wrap align="center">
          {strongIdCell(calendar.name)}
          {calendar.company_code === '*' && <Tag>{t('shared')}</Tag>}
        </Flex>
      ),
    },
    {
      key: 'type',
      title: t('type'),
      width: 170,
      render: (_, calendar) => (
        <Flex vertical>
          <span>{words.typeName(calendar.definition.type)}</span>
          {calendar.definition.base && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {words.baseChain(calendar.definition)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'description',
      title: t('description'),
      ellipsis: true,
      render: (_, calendar) => calendar.description,
    },
    {
      key: 'used_by',
      title: t('usedBy'),
      width: 180,
      render: (_, calendar) =>
        calendar.used_by.length === 0 ? (
          <Typography.Text type="secondary">{t('notUsed')}</Typography.Text>
        ) : (
          <Flex vertical>
            {calendar.used_by.map((use) => (
              <span key={`${use.kind}/${use.company_code}/${use.id}/${use.trigger_position}`}>
                {t(use.kind === 'job' ? 'usedByJob' : 'usedByChain', {
                  id: use.id,
                  position: use.trigger_position + 1,
                })}
              </span>
            ))}
          </Flex>
        ),
    },
    {
      key: 'updated_at',
      title: t('updated'),
      width: 150,
      render: (_, calendar) => (
        <Flex vertical>
          <span>{tableTime(calendar.updated_at)}</span>
          {calendar.updated_by && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {calendar.updated_by}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <ResourceTable<NamedCalendar>
      rowKey={(calendar) => `${calendar.company_code}/${calendar.name}`}
      minWidth={MIN_TABLE_WIDTH}
      columns={columns}
      list={list}
      t={t}
      pagination={{ pageSize: 25, showSizeChanger: false, showTotal: totalText, hideOnSinglePage: false }}
    />
  );
}
