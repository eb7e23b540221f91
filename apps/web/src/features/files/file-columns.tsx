import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { displayFileName } from '@lis/contracts';
import { Button, type TableColumnsType } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { formatBytes } from './file-lists';
import { filesMessages } from './files.i18n';

/** The File Name column: a partner's name may hold bidi or invisible characters, shown escaped. */
export function fileNameColumn<Row>(
  title: string,
  dataIndex: keyof Row & string,
): TableColumnsType<Row>[number] {
  return { key: 'name', title, dataIndex, ellipsis: true, render: (name: string) => displayFileName(name) };
}

/** The Size column, right-aligned in B/KB/MB. */
export function fileSizeColumn<Row>(
  title: string,
  bytes: (row: Row) => number,
): TableColumnsType<Row>[number] {
  return { key: 'size', title, width: 130, align: 'right', render: (_, row) => formatBytes(bytes(row)) };
}

interface FileButtonProps {
  /** The file's name, as the button's accessible name says it. */
  name: string;
  onClick: () => void;
}

export function ViewFileButton({ name, onClick }: FileButtonProps) {
  const t = useT(filesMessages);
  return (
    <Button
      size="small"
      icon={<EyeOutlined />}
      aria-label={`${t('view')} ${displayFileName(name)}`}
      onClick={onClick}
    >
      {t('view')}
    </Button>
  );
}

export function DownloadFileButton({ name, onClick, loading }: FileButtonProps & { loading: boolean }) {
  const t = useT(filesMessages);
  return (
    <Button
      size="small"
      icon={<DownloadOutlined />}
      loading={loading}
      aria-label={`${t('download')} ${displayFileName(name)}`}
      onClick={onClick}
    >
      {t('download')}
    </Button>
  );
}
