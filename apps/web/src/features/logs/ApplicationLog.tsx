import { DownloadOutlined } from '@ant-design/icons';
import type { ApplicationLogRow } from '@lis/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { PageContainer } from '../../ui/PageContainer';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { usePagedList } from '../../ui/usePagedList';
import { ApplicationLogSearchForm } from './ApplicationLogSearchForm';
import { ColumnChooser } from '../../ui/ColumnChooser';
import { useShownColumns } from '../../ui/useShownColumns';
import {
  APPLICATION_LOG_OPTIONAL_COLUMNS,
  ApplicationLogTable,
  useApplicationLogColumnOptions,
} from './ApplicationLogTable';
import { fetchApplicationLog, logKeys, type ApplicationLogSearch } from './logs-api';
import { logsMessages } from './logs.i18n';
import { MetadataModal } from './MetadataModal';
import { useApplicationLogExport } from './useApplicationLogExport';

/** The optional columns the user chose to see (issue 17). */
export const APPLICATION_LOG_COLUMNS_KEY = 'LIS_APPLICATION_LOG_COLUMNS';

const NOTHING = Promise.resolve({ result_list: [] as ApplicationLogRow[], total_count: 0 });

/**
 * Application Log (spec 000 §2, route /applicationlog): the business results that functions reported
 * (step 4), searched by legacy ID and transaction dates; CSV export of the whole search and a
 * metadata viewer per row.
 */
export function ApplicationLog() {
  const t = useT(logsMessages);
  const [search, setSearch] = useState<ApplicationLogSearch | null>(null);
  const [viewing, setViewing] = useState<ApplicationLogRow | null>(null);
  const showError = useErrorDialog();
  const list = usePagedList<ApplicationLogRow>({
    queryKey: (page, size) => logKeys.application(search, page, size),
    fetch: (page, size, signal) => (search ? fetchApplicationLog(search, page, size, signal) : NOTHING),
    showError: (error) => showError(error),
  });
  const { exporting, exportCsv } = useApplicationLogExport(search);
  const shownColumns = useShownColumns(APPLICATION_LOG_COLUMNS_KEY, APPLICATION_LOG_OPTIONAL_COLUMNS);
  const columnOptions = useApplicationLogColumnOptions();

  return (
    <PageContainer title={t('applicationLogTitle')}>
      <ApplicationLogSearchForm
        onSearch={(next) => {
          setSearch(next);
          list.restart();
        }}
        actions={
          <>
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              disabled={!search}
              onClick={() => void exportCsv()}
            >
              {t('exportCsv')}
            </Button>{' '}
            <ColumnChooser label={t('columns')} options={columnOptions} columns={shownColumns} />
          </>
        }
      />
      <ApplicationLogTable
        list={list}
        searched={search !== null}
        onViewMetadata={setViewing}
        isShown={shownColumns.isShown}
      />
      <MetadataModal
        transaction={viewing?.transaction_id ?? ''}
        metadata={viewing ? viewing.metadata : undefined}
        onClose={() => setViewing(null)}
      />
    </PageContainer>
  );
}
