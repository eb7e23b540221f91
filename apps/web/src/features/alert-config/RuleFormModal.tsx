import type { AlertChannel, AlertRule } from '@lis/contracts';
import { Alert, Col, Flex, Form, Input, InputNumber, Radio, Row, Select, Switch, Typography } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { useCompanyJobs } from '../../ui/company-jobs';
import { KeyInput, messageRule } from '../../ui/resource/form-fields';
import { ResourceFormModal } from '../../ui/resource/ResourceFormModal';
import type { FormModalState, FormTarget } from '../../ui/resource/useResourceForm';
import { useConditionOptions } from '../alerts';
import { alertConfigMessages } from './alert-config.i18n';
import { checkName, type ChannelCheck } from './channel-form';
import {
  checkChannels,
  checkConditions,
  checkEscalation,
  checkJobs,
  emptyRuleForm,
  ESCALATE_MAX_MINUTES,
  ruleToForm,
  type RuleCheck,
  type RuleFormValues,
} from './rule-form';

interface Props extends FormModalState<RuleFormValues> {
  target: FormTarget<AlertRule | null>;
  companyCode: string;
  companyLabel: string;
  /** The company's channels, to route to and escalate to. */
  channels: readonly AlertChannel[];
}

/**
 * New / Edit alert rule: name (fixed once saved), enabled, the conditions (in the reader's words), the
 * jobs (all of the company's, or some of them), the channels, and an optional escalation.
 */
export function RuleFormModal(props: Props) {
  const { open, saving, onSubmit, onClose, target, companyCode, companyLabel, channels } = props;
  const t = useT(alertConfigMessages);
  const [form] = Form.useForm<RuleFormValues>();
  const edited = target.record;
  const editing = target.mode === 'edit';
  const initialValues = useMemo(
    () => (edited ? ruleToForm(edited) : emptyRuleForm(companyCode)),
    [edited, companyCode],
  );
  const scope = (Form.useWatch('scope', form) as RuleFormValues['scope'] | undefined) ?? initialValues.scope;
  const jobs = useCompanyJobs(open ? companyCode : undefined);
  const conditions = useConditionOptions();
  const channelOptions = channels.map((channel) => ({
    value: channel.name,
    label: `${channel.name} · ${t(`kind${channel.kind}`)}`,
  }));
  const check = <V,>(fn: (value: V) => RuleCheck | ChannelCheck | undefined) =>
    messageRule<RuleCheck | ChannelCheck, V>(t, fn);

  return (
    <ResourceFormModal<RuleFormValues>
      state={{ open, saving, onClose }}
      title={editing ? t('editRuleTitle', { name: edited?.name ?? '' }) : t('addRuleTitle')}
      width="min(720px, 96vw)"
      name="alert-rule"
      t={t}
      scrollBody
      form={form}
      initialValues={initialValues}
      onFinish={(values) => onSubmit({ ...initialValues, ...values })}
    >
      <Form.Item name="company_code" hidden>
        <Input />
      </Form.Item>
      <Typography.Paragraph>
        {t('company')}:{' '}
        <Typography.Text strong translate="no">
          {companyLabel}
        </Typography.Text>
      </Typography.Paragraph>
      {channels.length === 0 && (
        <Alert type="warning" showIcon title={t('noChannels')} style={{ marginBottom: 12 }} />
      )}
      <Row gutter={12}>
        <Col xs={24} sm={16}>
          <Form.Item name="name" label={t('name')} required rules={[check(checkName)]}>
            <KeyInput editing={editing} maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
            <Switch aria-label={t('enabled')} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="conditions" label={t('conditions')} required rules={[check(checkConditions)]}>
        <Select mode="multiple" options={conditions} aria-label={t('conditions')} />
      </Form.Item>
      <Form.Item name="scope" label={t('jobs')}>
        <Radio.Group
          options={[
            { value: 'all', label: t('allJobs') },
            { value: 'some', label: t('someJobs') },
          ]}
        />
      </Form.Item>
      {scope === 'some' && (
        <Form.Item
          name="jobs"
          required
          rules={[check((value: string[] | undefined) => checkJobs(value, 'some'))]}
        >
          <Select
            mode="multiple"
            placeholder={t('jobsPick')}
            loading={jobs.loading}
            options={jobs.options}
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('jobsPick')}
          />
        </Form.Item>
      )}
      <Form.Item name="channels" label={t('channels')} required rules={[check(checkChannels)]}>
        <Select mode="multiple" options={channelOptions} aria-label={t('channels')} />
      </Form.Item>
      <Form.Item label={t('escalation')} extra={t('escalationHint')} style={{ marginBottom: 0 }}>
        <Flex gap={8} align="start" wrap>
          <Form.Item
            name="escalate_after_minutes"
            dependencies={['escalate_to']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, minutes: unknown) => {
                  const key = checkEscalation(minutes, getFieldValue('escalate_to') as string | null);
                  return key ? Promise.reject(new Error(t(key))) : Promise.resolve();
                },
              }),
            ]}
          >
            <InputNumber<number>
              min={1}
              max={ESCALATE_MAX_MINUTES}
              precision={0}
              prefix={t('escalateAfter')}
              suffix={t('minutes')}
              aria-label={t('escalateAfter')}
              style={{ width: 260 }}
            />
          </Form.Item>
          <Form.Item name="escalate_to">
            <Select
              allowClear
              placeholder={t('escalateTo')}
              options={channelOptions}
              aria-label={t('escalateTo')}
              style={{ width: 260 }}
            />
          </Form.Item>
        </Flex>
      </Form.Item>
    </ResourceFormModal>
  );
}
