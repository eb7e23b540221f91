import { RETRY_POLICY_LIMITS } from '@lis/contracts';
import { Col, Form, InputNumber, Row, Select, Typography } from 'antd';
import { useT } from '../../../platform/i18n/I18nProvider';
import { retryWaitsSeconds, type JobFormValues } from '../job-form';
import { retryPolicyMessages } from './retry-policy.i18n';

const { attempts, factor } = RETRY_POLICY_LIMITS;
const SECONDS = { min: 0.1, max: 86_400 };

/**
 * A job's retry policy (issue 36, docs/retries.md): the company's default, or the job's own — attempts,
 * first wait, factor, longest wait and jitter — with the waits it gives shown under it.
 */
export function RetryPolicyFields() {
  const t = useT(retryPolicyMessages);
  const form = Form.useFormInstance<JobFormValues>();
  const mode = Form.useWatch('retry_mode', form) ?? 'default';
  const values: Partial<JobFormValues> = {
    retry_attempts: Form.useWatch('retry_attempts', form),
    retry_first_delay_s: Form.useWatch('retry_first_delay_s', form),
    retry_factor: Form.useWatch('retry_factor', form),
    retry_max_delay_s: Form.useWatch('retry_max_delay_s', form),
  };
  const waits = mode === 'own' ? retryWaitsSeconds(values) : [];
  const number = (name: keyof JobFormValues, label: string, min: number, max: number, step = 1) => (
    <Col xs={12} md={4}>
      <Form.Item name={name} label={label}>
        <InputNumber<number> aria-label={label} min={min} max={max} step={step} style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );
  return (
    <div data-testid="job-retry-policy">
      <Typography.Text strong>{t('title')}</Typography.Text>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="retry_mode"
            label={t('mode')}
            extra={t(mode === 'own' ? 'help_own' : 'help_default')}
          >
            <Select
              aria-label={t('mode')}
              options={[
                { value: 'default', label: t('mode_default') },
                { value: 'own', label: t('mode_own') },
              ]}
            />
          </Form.Item>
        </Col>
        {mode === 'own' && (
          <>
            {number('retry_attempts', t('attempts'), attempts.minimum, attempts.maximum)}
            {number('retry_first_delay_s', `${t('firstDelay')} (${t('seconds')})`, SECONDS.min, SECONDS.max)}
            {number('retry_factor', t('factor'), factor.minimum, factor.maximum, 0.5)}
            {number('retry_max_delay_s', `${t('maxDelay')} (${t('seconds')})`, SECONDS.min, SECONDS.max)}
            {number('retry_jitter_pct', t('jitter'), 0, 100, 5)}
          </>
        )}
      </Row>
      {waits.length > 0 && (
        <Typography.Paragraph type="secondary" data-testid="job-retry-waits">
          {t('schedule', { waits: waits.map((s) => `${s} ${t('seconds')}`).join(' → ') })}
        </Typography.Paragraph>
      )}
    </div>
  );
}
