import type { ApplicationLogRow } from '@lis/contracts';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { toCsv, type CsvColumn } from '../../ui/csv';
import { saveCsv } from '../../ui/save-file';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { fetchApplicationLog, type ApplicationLogSearch } from './logs-api';
import { logsMessages } from './logs.i18n';

/** The most rows one CSV holds; the server's largest page is 100 rows. */
export const APPLICATION_LOG_CSV_MAX = 50_000;
const PAGE = 100;

type Label = keyof (typeof logsMessages)['en'];

/** The CSV's columns: every field of spec 000 §3's application log row. */
const CSV_FIELDS: [Label, (row: ApplicationLogRow) => string][] = [
  ['legacyId', (row) => row.legacyid],
  ['companyCode', (row) => row.companycode],
  ['jobInstanceNo', (row) => row.job_instance_no],
  ['transactionId', (row) => row.transaction_id],
  ['transactionDate', (row) => row.transaction_date],
  ['sourceId1', (row) => row.source_id1],
  ['sourceId2', (row) => row.source_id2],
  ['sourceId3', (row) => row.source_id3],
  ['docType', (row) => row.doc_type],
  ['docYear', (row) => row.doc_year],
  ['itemNo', (row) => row.item_no],
  ['docDate', (row) => row.doc_date],
  ['postDate', (row) => row.post_date],
  ['status', (row) => row.status],
  ['message', (row) => row.message],
  ['createdOn', (row) => row.created_on],
  ['metadata', (row) => row.metadata],
];

/**
 * Export CSV: every row of the applied search (not only the page shown), fetched a page of 100 at a
 * time, as `application_log_{legacy id}_{from}_{to}.csv` (UTF-8 with a byte-order mark).
 */
export function useApplicationLogExport(search: ApplicationLogSearch | null) {
  const t = useT(logsMessages);
  const { modal } = App.useApp();
  const showError = useErrorDialog();
  const [exporting, setExporting] = useState(false);

  const exportCsv = useCallback(async () => {
    if (!search) {
      modal.info({ title: t('exportCsv'), content: t('exportNothing'), okText: t('ok') });
      return;
    }
    setExporting(true);
    try {
      const rows: ApplicationLogRow[] = [];
      let total = 0;
      for (let page = 1; rows.length < APPLICATION_LOG_CSV_MAX; page += 1) {
        const reply = await fetchApplicationLog(search, page, PAGE);
        total = reply.total_count;
        rows.push(...reply.result_list);
        if (reply.result_list.length < PAGE || rows.length >= total) break;
      }
      if (rows.length === 0) {
        modal.info({ title: t('exportCsv'), content: t('exportNothing'), okText: t('ok') });
        return;
      }
      const columns: CsvColumn<ApplicationLogRow>[] = CSV_FIELDS.map(([label, value]) => ({
        header: t(label),
        value,
      }));
      const name = `application_log_${search.legacyId}_${search.transactionDateFrom}_${search.transactionDateTo}.csv`;
      saveCsv(toCsv(columns, rows.slice(0, APPLICATION_LOG_CSV_MAX)), name);
      if (total > APPLICATION_LOG_CSV_MAX)
        modal.warning({
          title: t('exportCsv'),
          content: t('exportTooMany', { total, max: APPLICATION_LOG_CSV_MAX }),
          okText: t('ok'),
        });
    } catch (error) {
      showError(error, { title: t('exportFailed') });
    } finally {
      setExporting(false);
    }
  }, [search, modal, t, showError]);

  return { exporting, exportCsv };
}
