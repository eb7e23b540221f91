import { DEFAULT_SID, type RunRetryState } from '@lis/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex } from 'antd';
import { useState } from 'react';
import { call } from '../../platform/api/endpoint-client';
import { useT } from '../../platform/i18n/I18nProvider';
import type { Messages } from '../../platform/i18n/language';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { formatReportTime } from '../monitoring';
import type { DetailParams } from './legacy-detail-api';

const en = {
  waiting: 'Step {step}: attempt {attempt} of {max}, next at {at}',
  waitingHelp:
    'The step failed in a way that may pass (a network error, a timeout, an HTTP 5xx) and is tried again by its retry policy. Any node takes the run when it is due.',
  retryNow: 'Retry now',
  cancelRetries: 'Cancel retries',
  cancelConfirm: 'Cancel the retries? The step stays ERROR and the run ends.',
};
const th: Record<keyof typeof en, string> = {
  waiting: 'ขั้นตอนที่ {step}: ครั้งที่ {attempt} จาก {max} ครั้งถัดไปเวลา {at}',
  waitingHelp:
    'ขั้นตอนล้มเหลวจากสาเหตุที่อาจหายเอง (เครือข่าย หมดเวลา HTTP 5xx) และจะลองใหม่ตามนโยบายการลองใหม่ โหนดใดก็ได้จะรับการรันเมื่อถึงเวลา',
  retryNow: 'ลองใหม่ทันที',
  cancelRetries: 'ยกเลิกการลองใหม่',
  cancelConfirm: 'ยกเลิกการลองใหม่หรือไม่? ขั้นตอนจะคงเป็น ERROR และการรันจะสิ้นสุด',
};
const retryMessages: Messages<keyof typeof en> = { en, th };

/**
 * Issue 36 (docs/retries.md): on Monitor Detail, a run waiting for a step's next attempt says which
 * attempt of how many and when, with Retry now and Cancel retries (every role of the company, as a
 * step re-run; an important job asks for the action password through the server's answer).
 */
export function DetailRetryWaiting({
  params,
  retry,
  onChanged,
}: {
  params: DetailParams;
  retry: RunRetryState | null | undefined;
  onChanged: () => void;
}) {
  const t = useT(retryMessages);
  const { modal, message } = App.useApp();
  const showError = useErrorDialog();
  const queries = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!retry || retry.next_at === null) return null;
  const query = {
    sid: DEFAULT_SID,
    company_code: params.companyCode,
    legacy_id: params.legacyId,
    job_instance_no: params.jobNo,
  };
  const act = async (route: 'POST /v1/lis-server/retry-now' | 'POST /v1/lis-server/cancel-retries') => {
    setBusy(true);
    try {
      const answer = await call(route, { query });
      void message.success(answer.message);
      await queries.invalidateQueries({ queryKey: ['legacy-detail'] });
      onChanged();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  const at = formatReportTime(new Date(retry.next_at).toISOString());
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="detail-retry-waiting"
      title={t('waiting', { step: retry.step, attempt: retry.attempt, max: retry.max, at })}
      description={t('waitingHelp')}
      action={
        <Flex gap={8} wrap>
          <Button
            size="small"
            type="primary"
            loading={busy}
            onClick={() => void act('POST /v1/lis-server/retry-now')}
          >
            {t('retryNow')}
          </Button>
          <Button
            size="small"
            danger
            disabled={busy}
            onClick={() =>
              modal.confirm({
                title: t('cancelConfirm'),
                onOk: () => act('POST /v1/lis-server/cancel-retries'),
              })
            }
          >
            {t('cancelRetries')}
          </Button>
        </Flex>
      }
    />
  );
}
