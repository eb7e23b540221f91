import { ALERT_CHANNEL_KINDS, type AlertChannel, type AlertChannelKind } from '@lis/contracts';
import { Col, Form, Input, Radio, Row, Select, Switch, Typography } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { KeyInput, messageRule, PlainInput, StoredSecretField } from '../../ui/resource/form-fields';
import { ResourceFormModal } from '../../ui/resource/ResourceFormModal';
import type { FormModalState, FormTarget } from '../../ui/resource/useResourceForm';
import { alertConfigMessages } from './alert-config.i18n';
import {
  channelToForm,
  checkName,
  checkRecipients,
  checkSecret,
  checkUrl,
  emptyChannelForm,
  secretRequired,
  urlRequired,
  type ChannelCheck,
  type ChannelFormValues,
} from './channel-form';

interface Props extends FormModalState<ChannelFormValues> {
  /** The channel edited (null: a new one of `companyCode`). */
  target: FormTarget<AlertChannel | null>;
  companyCode: string;
  companyLabel: string;
}

/**
 * New / Edit alert channel: name (fixed once saved), kind, language, enabled, and the kind's address —
 * e-mail recipients, or a URL (stored URLs are shown masked, never filled in) and, for a webhook, the
 * write-only signing secret (empty on edit: kept).
 */
export function ChannelFormModal(props: Props) {
  const { open, saving, onSubmit, onClose, target, companyCode, companyLabel } = props;
  const t = useT(alertConfigMessages);
  const [form] = Form.useForm<ChannelFormValues>();
  const stored = target.record;
  const editing = target.mode === 'edit';
  const initialValues = useMemo(
    () => (stored ? channelToForm(stored) : emptyChannelForm(companyCode)),
    [stored, companyCode],
  );
  const kind = (Form.useWatch('kind', form) as AlertChannelKind | undefined) ?? initialValues.kind;
  const rule = <V,>(check: (value: V) => ChannelCheck | undefined) => messageRule<ChannelCheck, V>(t, check);
  const needsUrl = urlRequired(stored);
  const needsSecret = secretRequired(kind, stored);

  return (
    <ResourceFormModal<ChannelFormValues>
      state={{ open, saving, onClose }}
      title={editing ? t('editChannelTitle', { name: stored?.name ?? '' }) : t('addChannelTitle')}
      width="min(640px, 96vw)"
      name="alert-channel"
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
      <Row gutter={12}>
        <Col xs={24} sm={14}>
          <Form.Item name="name" label={t('name')} required rules={[rule(checkName)]}>
            <KeyInput editing={editing} maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
            <Switch aria-label={t('enabled')} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="kind" label={t('kind')}>
        <Radio.Group
          optionType="button"
          options={ALERT_CHANNEL_KINDS.map((value) => ({ value, label: t(`kind${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="language" label={t('language')}>
        <Radio.Group
          options={[
            { value: 'en', label: t('languageen') },
            { value: 'th', label: t('languageth') },
          ]}
        />
      </Form.Item>
      {kind === 'email' ? (
        <Form.Item
          name="recipients"
          label={t('recipients')}
          required
          extra={t('recipientsHint')}
          rules={[rule(checkRecipients)]}
        >
          <Select mode="tags" tokenSeparators={[',', ';', ' ']} open={false} aria-label={t('recipients')} />
        </Form.Item>
      ) : (
        <Form.Item
          name="url"
          label={t('url')}
          required={needsUrl}
          extra={
            !needsUrl && stored?.url_masked ? t('urlHintEdit', { url: stored.url_masked }) : t('urlHintAdd')
          }
          rules={[rule((value: string | undefined) => checkUrl(value, needsUrl))]}
        >
          <PlainInput maxLength={2000} placeholder="https://…" />
        </Form.Item>
      )}
      {kind === 'webhook' && (
        <StoredSecretField
          name="secret"
          label={t('secret')}
          stored={stored?.kind === 'webhook' && stored.has_secret}
          storedText={t('secretStored')}
          required={needsSecret}
          extra={needsSecret ? t('secretHintAdd') : t('secretHintEdit')}
          rules={[rule((value: string | undefined) => checkSecret(value, needsSecret))]}
          maxLength={256}
        />
      )}
    </ResourceFormModal>
  );
}
