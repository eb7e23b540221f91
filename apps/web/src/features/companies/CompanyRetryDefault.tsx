import { RETRY_POLICY_LIMITS } from '@lis/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Col, Divider, Form, InputNumber, Row, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../platform/api/endpoint-client';
import { useT } from '../../platform/i18n/I18nProvider';
import type { Messages } from '../../platform/i18n/language';
import { useErrorDialog } from '../../ui/useErrorDialog';
import {
  formToRetryPolicy,
  retryToForm,
  retryWaitsSeconds,
  type RetryFormValues,
} from '../../ui/retry-policy';

const en = {
  title: "Default retry policy of the company's jobs",
  mode: 'A job without a policy of its own',
  off: 'Does not retry',
  own: 'Retries with this policy',
  attempts: 'Attempts',
  firstDelay: 'First wait (s)',
  factor: 'Each wait ×',
  maxDelay: 'Longest wait (s)',
  jitter: 'Jitter ± %',
  waits: 'Waits: {waits}',
  save: 'Save retry policy',
  saved: 'Retry policy saved',
};
const th: Record<keyof typeof en, string> = {
  title: 'นโยบายการลองใหม่เริ่มต้นของงานในบริษัท',
  mode: 'งานที่ไม่ได้ตั้งนโยบายของตนเอง',
  off: 'ไม่ลองใหม่',
  own: 'ลองใหม่ตามนโยบายนี้',
  attempts: 'จำนวนครั้ง',
  firstDelay: 'รอครั้งแรก (วินาที)',
  factor: 'แต่ละครั้งรอนานขึ้น ×',
  maxDelay: 'รอนานสุด (วินาที)',
  jitter: 'คลาดเคลื่อน ± %',
  waits: 'ระยะรอ: {waits}',
  save: 'บันทึกนโยบายการลองใหม่',
  saved: 'บันทึกนโยบายการลองใหม่แล้ว',
};
const messages: Messages<keyof typeof en> = { en, th };

/**
 * Issue 36 (docs/retries.md): the company's default retry policy, which its jobs without one of their
 * own use; saved on its own (`PUT /v1/companies/retry-policy`). Its form is not the company form's
 * (`component={false}`: no form inside a form).
 */
export function CompanyRetryDefault({ companyCode }: { companyCode: string }) {
  const t = useT(messages);
  const { message } = App.useApp();
  const showError = useErrorDialog();
  const [form] = Form.useForm<RetryFormValues>();
  const [saving, setSaving] = useState(false);
  const stored = useQuery({
    queryKey: ['companies', 'retry-policy', companyCode],
    queryFn: ({ signal }) =>
      call('GET /v1/companies/retry-policy', { query: { company_code: companyCode }, signal }),
  });
  const policy = stored.data?.retry_policy;
  useEffect(() => {
    if (stored.isSuccess) form.setFieldsValue(retryToForm(policy));
  }, [form, policy, stored.isSuccess]);
  const mode = Form.useWatch('retry_mode', form) ?? 'default';
  const values = {
    retry_attempts: Form.useWatch('retry_attempts', form),
    retry_first_delay_s: Form.useWatch('retry_first_delay_s', form),
    retry_factor: Form.useWatch('retry_factor', form),
    retry_max_delay_s: Form.useWatch('retry_max_delay_s', form),
  };
  const save = async () => {
    setSaving(true);
    try {
      const body = { retry_policy: formToRetryPolicy(form.getFieldsValue(true)) };
      await call('PUT /v1/companies/retry-policy', { query: { company_code: companyCode }, body });
      void message.success(t('saved'));
      await stored.refetch();
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };
  const { attempts, factor } = RETRY_POLICY_LIMITS;
  const number = (name: keyof RetryFormValues, label: string, min: number, max: number, step = 1) => (
    <Col xs={12} md={8}>
      <Form.Item name={name} label={label}>
        <InputNumber<number> aria-label={label} min={min} max={max} step={step} style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );
  return (
    <div data-testid="company-retry-default">
      <Divider />
      <Typography.Text strong>{t('title')}</Typography.Text>
      <Form<RetryFormValues> form={form} component={false} layout="vertical">
        <Form.Item name="retry_mode" label={t('mode')}>
          <Select
            aria-label={t('mode')}
            options={[
              { value: 'default', label: t('off') },
              { value: 'own', label: t('own') },
            ]}
          />
        </Form.Item>
        {mode === 'own' && (
          <Row gutter={12}>
            {number('retry_attempts', t('attempts'), attempts.minimum, attempts.maximum)}
            {number('retry_first_delay_s', t('firstDelay'), 0.1, 86_400)}
            {number('retry_factor', t('factor'), factor.minimum, factor.maximum, 0.5)}
            {number('retry_max_delay_s', t('maxDelay'), 0.1, 86_400)}
            {number('retry_jitter_pct', t('jitter'), 0, 100, 5)}
          </Row>
        )}
        {mode === 'own' && (
          <Typography.Paragraph type="secondary">
            {t('waits', {
              waits: retryWaitsSeconds(values)
                .map((s) => `${s} s`)
                .join(' → '),
            })}
          </Typography.Paragraph>
        )}
        <Button onClick={() => void save()} loading={saving} disabled={!stored.isSuccess}>
          {t('save')}
        </Button>
      </Form>
    </div>
  );
}
