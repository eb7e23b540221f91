import { JOB_POLICY_DEFAULTS, MISFIRE_POLICIES, OVERLAP_POLICIES } from '@lis/contracts';
import { Col, Form, Row, Select } from 'antd';
import { useT } from '../../../platform/i18n/I18nProvider';
import type { JobFormValues } from '../job-form';
import { schedulingPolicyMessages } from './scheduling-policy.i18n';

/**
 * A job's scheduling policies: what a fire does while a run of the job has not ended (decision 0038),
 * and what becomes of fire times missed in an outage or held by a maintenance window (decision 0046).
 * Each says under it what the chosen policy does.
 */
export function SchedulingPolicyFields() {
  const t = useT(schedulingPolicyMessages);
  const form = Form.useFormInstance<JobFormValues>();
  const overlap = Form.useWatch('overlap_policy', form) ?? JOB_POLICY_DEFAULTS.overlap_policy;
  const misfire = Form.useWatch('misfire_policy', form) ?? JOB_POLICY_DEFAULTS.misfire_policy;
  const overlapHelp =
    OVERLAP_POLICIES.find((policy) => policy === overlap) ?? JOB_POLICY_DEFAULTS.overlap_policy;
  const misfireHelp =
    MISFIRE_POLICIES.find((policy) => policy === misfire) ?? JOB_POLICY_DEFAULTS.misfire_policy;
  return (
    <Row gutter={16} data-testid="job-scheduling-policies">
      <Col xs={24} md={12}>
        <Form.Item name="overlap_policy" label={t('overlapLabel')} extra={t(`overlapHelp_${overlapHelp}`)}>
          <Select
            aria-label={t('overlapLabel')}
            options={OVERLAP_POLICIES.map((policy) => ({ value: policy, label: t(`overlap_${policy}`) }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="misfire_policy" label={t('misfireLabel')} extra={t(`misfireHelp_${misfireHelp}`)}>
          <Select
            aria-label={t('misfireLabel')}
            options={MISFIRE_POLICIES.map((policy) => ({ value: policy, label: t(`misfire_${policy}`) }))}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
