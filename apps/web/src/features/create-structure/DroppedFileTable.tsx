import { DeleteOutlined } from '@ant-design/icons';
import type { TextEncodingName } from '@lis/converter';
import { Button, Table, Typography, type TableColumnsType } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { createStructureMessages } from './create-structure.i18n';
import type { DroppedFile } from './dropped-files';
import { formatNumber } from './format-number';

/** What the last conversion found for a file. */
export interface FileConversionInfo {
  encoding: TextEncodingName;
  records: number;
}

interface Props {
  files: readonly DroppedFile[];
  /** By file id; absent before Create (or after a change). */
  converted: ReadonlyMap<number, FileConversionInfo>;
  onDelete: (file: DroppedFile) => void;
}

const MIN_TABLE_WIDTH = 960;

/** The dropped files: ID, size, name, path, type (spec §2), then what Create found, and delete. */
export function DroppedFileTable({ files, converted, onDelete }: Props) {
  const t = useT(createStructureMessages);
  const text = (value: string) => (
    <Typography.Text ellipsis={{ tooltip: value }} style={{ maxWidth: '100%' }}>
      {value || '—'}
    </Typography.Text>
  );

  const columns: TableColumnsType<DroppedFile> = [
    { key: 'id', title: t('id'), dataIndex: 'id', width: 64 },
    {
      key: 'size',
      title: t('size'),
      width: 140,
      align: 'right',
      render: (_, file) => t('sizeBytes', { size: formatNumber(file.size) }),
    },
    { key: 'name', title: t('name'), render: (_, file) => text(file.name) },
    { key: 'path', title: t('path'), render: (_, file) => text(file.path) },
    { key: 'type', title: t('type'), width: 150, render: (_, file) => text(file.type) },
    {
      key: 'encoding',
      title: t('encoding'),
      width: 170,
      render: (_, file) => {
        const info = converted.get(file.id);
        if (!info) return '—';
        return info.encoding === 'windows-874' ? t('windows874') : t('utf8');
      },
    },
    {
      key: 'records',
      title: t('records'),
      width: 100,
      align: 'right',
      render: (_, file) => {
        const records = converted.get(file.id)?.records;
        return records === undefined ? '—' : formatNumber(records);
      },
    },
    {
      key: 'action',
      title: t('action'),
      width: 100,
      render: (_, file) => (
        <Button
          size="small"
          type="link"
          danger
          icon={<DeleteOutlined />}
          aria-label={`${t('delete')} ${file.name}`}
          onClick={() => onDelete(file)}
        >
          {t('delete')}
        </Button>
      ),
    },
  ];

  return (
    <Table<DroppedFile>
      rowKey="id"
      size="middle"
      bordered
      tableLayout="fixed"
      scroll={{ x: MIN_TABLE_WIDTH }}
      columns={columns}
      dataSource={[...files]}
      pagination={false}
      locale={{ emptyText: t('empty') }}
    />
  );
}
