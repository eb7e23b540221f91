import { DownloadOutlined } from '@ant-design/icons';
import type { BackupTextType, LegacyReportRow } from '@lis/contracts';
import { Alert, App, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { PageContainer } from '../../ui/PageContainer';
import { saveBlob } from '../../platform/api/download';
import { useErrorDialog } from '../../ui/useErrorDialog';
import {
  DOWNLOAD_SEARCH_MAX,
  downloadBackupText,
  fetchRunsForDownload,
  type DownloadSearch,
} from './download-files-api';
import { DownloadFilesTable } from './DownloadFilesTable';
import { DownloadSearchForm } from './DownloadSearchForm';
import { reportMessages } from './reports.i18n';

/**
 * Download Source And Response File (spec 000 §2, route /downloadsourceandresponsefile): the runs of
 * one job in a date range (up to 1000); the chosen runs' source backups or function answers download
 * as one text file each (decision 0014). The screen and its two buttons are for every role (spec 000
 * route table; decision 0025, the server's one backup rule, LIS issue 31).
 */
export function DownloadSourceAndResponseFile() {
  const t = useT(reportMessages);
  const { modal } = App.useApp();
  const showError = useErrorDialog();
  const [rows, setRows] = useState<LegacyReportRow[]>([]);
  const [total, setTotal] = useState(0);
  const [searched, setSearched] = useState(false);
  const [searching, setSearching] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [downloading, setDownloading] = useState<BackupTextType | null>(null);

  const search = async (criteria: DownloadSearch) => {
    setSearching(true);
    setSelected([]);
    try {
      const found = await fetchRunsForDownload(criteria);
      setRows(found.rows);
      setTotal(found.total);
    } catch (error) {
      setRows([]);
      setTotal(0);
      showError(error);
    } finally {
      setSearched(true);
      setSearching(false);
    }
  };

  const download = async (type: BackupTextType) => {
    const chosen = rows.filter((row) => selected.includes(row.job_instanceno));
    if (chosen.length === 0) {
      modal.warning({ title: t('cautionTitle'), content: t('selectRuns'), okText: t('ok') });
      return;
    }
    setDownloading(type);
    try {
      const { blob, fileName } = await downloadBackupText(chosen, type);
      saveBlob(blob, fileName);
    } catch (error) {
      showError(error, { title: t('downloadFailed') });
    } finally {
      setDownloading(null);
    }
  };

  return (
    <PageContainer title={t('downloadTitle')}>
      <DownloadSearchForm loading={searching} onSearch={(criteria) => void search(criteria)} />
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <Button
          icon={<DownloadOutlined />}
          loading={downloading === 'source'}
          disabled={downloading !== null}
          onClick={() => void download('source')}
        >
          {t('downloadSource')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          loading={downloading === 'response'}
          disabled={downloading !== null}
          onClick={() => void download('response')}
        >
          {t('downloadResponse')}
        </Button>
        <Typography.Text type="secondary" data-testid="download-selected-count">
          {t('selected', { count: selected.length })}
        </Typography.Text>
      </Flex>
      {total > DOWNLOAD_SEARCH_MAX && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('tooManyRows', { max: DOWNLOAD_SEARCH_MAX, total })}
        />
      )}
      <DownloadFilesTable
        rows={rows}
        loading={searching}
        searched={searched}
        selected={selected}
        onSelect={setSelected}
      />
    </PageContainer>
  );
}
