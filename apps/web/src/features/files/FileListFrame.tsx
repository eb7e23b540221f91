import { useQuery, type QueryKey } from '@tanstack/react-query';
import { Button, Flex, Input, Modal, Space, Table, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError } from '../../platform/api/http';
import { useT } from '../../platform/i18n/I18nProvider';
import { useLatest } from '../../ui/resource/useLatest';
import { filterByName } from './file-lists';
import { filesMessages } from './files.i18n';
import { FileViewerModal, type ViewableFile } from './FileViewerModal';

interface ListedFilesSource<Row> {
  open: boolean;
  queryKey: QueryKey;
  fetch: (signal: AbortSignal) => Promise<{ result_list: Row[]; total_count: number; truncated?: boolean }>;
  /** A file's name, for the search. */
  name: (row: Row) => string;
  /** Spec 000 §8: a list that cannot be read is a dialog; `close` closes the list. Not for a 401. */
  onError: (error: unknown, close: () => void) => void;
  onClose: () => void;
}

/**
 * The files of a list while its modal is open (read afresh at each opening), those matching the
 * search by name, and the error of a list that cannot be read.
 */
export function useListedFiles<Row>(source: ListedFilesSource<Row>) {
  const [search, setSearch] = useState('');
  const query = useQuery({
    queryKey: source.queryKey,
    queryFn: ({ signal }) => source.fetch(signal),
    enabled: source.open,
    retry: false,
    gcTime: 0,
  });
  const latest = useLatest(source);
  const { error } = query;
  useEffect(() => {
    if (!source.open || !error || (error instanceof ApiError && error.status === 401)) return;
    latest.current.onError(error, () => latest.current.onClose());
  }, [source.open, error, latest]);
  const all = useMemo(
    () => (query.isError ? [] : (query.data?.result_list ?? [])),
    [query.isError, query.data],
  );
  const rows = useMemo(() => filterByName(all, search, latest.current.name), [all, search, latest]);
  return { query, all, rows, search, setSearch };
}

export type ListedFiles<Row> = ReturnType<typeof useListedFiles<Row>>;

interface FileListFrameProps<Row> {
  open: boolean;
  title: ReactNode;
  width: number;
  onClose: () => void;
  files: ListedFiles<Row>;
  rowKey: (row: Row) => string;
  columns: TableColumnsType<Row>;
  /** Beside the search (upload, download all); without them the search stands alone. */
  tools?: ReactNode;
  /** Under the table (e.g. the count). */
  footnote?: ReactNode;
  viewing: ViewableFile | undefined;
  onCloseViewer: () => void;
  children?: ReactNode;
}

/** A file list's modal: the search by name, the table ten files a page, and the file viewer. */
export function FileListFrame<Row extends object>(props: FileListFrameProps<Row>) {
  const { open, files, onClose } = props;
  const t = useT(filesMessages);
  const search = (
    <Input.Search
      allowClear
      placeholder={t('searchPlaceholder')}
      aria-label={t('searchPlaceholder')}
      value={files.search}
      onChange={(event) => files.setSearch(event.target.value)}
      style={props.tools === undefined ? { width: 280, marginBottom: 12 } : { width: 280 }}
    />
  );
  return (
    <Modal
      open={open}
      title={props.title}
      width={props.width}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
      destroyOnHidden
      afterClose={() => files.setSearch('')}
    >
      {props.tools === undefined ? (
        search
      ) : (
        <Flex gap={8} wrap justify="space-between" align="start" style={{ marginBottom: 12 }}>
          {search}
          <Space wrap align="start">
            {props.tools}
          </Space>
        </Flex>
      )}
      <Table<Row>
        rowKey={props.rowKey}
        size="small"
        bordered
        tableLayout="fixed"
        columns={props.columns}
        dataSource={files.rows}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{
          emptyText: files.query.isFetching && !files.query.data ? t('loading') : t('noSuchFile'),
        }}
      />
      {props.footnote}
      {props.children}
      <FileViewerModal file={props.viewing} onClose={props.onCloseViewer} />
    </Modal>
  );
}
