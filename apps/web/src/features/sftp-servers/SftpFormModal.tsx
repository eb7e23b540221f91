import { DEFAULT_SFTP_PORT, type SftpServer } from '@lis/contracts';
import { Col, Form, Input, InputNumber, Row, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { CompanySelect, onlyCompany, type CompanyChoices } from '../../ui/resource/form-fields';
import { TestCloseSaveButtons } from '../../ui/resource/ResourceButtons';
import { formIdOf, ResourceFormModal } from '../../ui/resource/ResourceFormModal';
import type { FormModalState, FormTarget } from '../../ui/resource/useResourceForm';
import {
  emptySftpForm,
  formFromServer,
  hostPattern,
  serverIdPattern,
  storedSecretsOf,
  usernamePattern,
  type SftpFormValues,
} from './sftp-form';
import { sftpMessages } from './sftp-servers.i18n';

interface Props extends FormModalState<SftpFormValues> {
  /** The server edited; null when adding. */
  target: FormTarget<SftpServer | null>;
  testing: boolean;
  companies: CompanyChoices;
  onTest: (values: SftpFormValues) => void;
}

const FORM_ID = formIdOf('sftp-server');

/** Add/Edit sFTP server: the secrets are write-only ('stored' tag; blank keeps them on edit). */
export function SftpFormModal(props: Props) {
  const { target, saving, testing, companies, onSubmit, onTest, onClose } = props;
  const { mode, record: server } = target;
  const t = useT(sftpMessages);
  const [form] = Form.useForm<SftpFormValues>();
  const stored = storedSecretsOf(server);
  const editing = mode === 'edit';
  const initialValues = useMemo(
    () => (server ? formFromServer(server) : emptySftpForm(onlyCompany(companies))),
    [server, companies],
  );
  const password = Form.useWatch('sftp_password', form);
  const privateKey = Form.useWatch('private_key', form);

  const storedTag = (has: boolean) =>
    editing ? (
      has ? (
        <Tag color="green" style={{ marginInlineStart: 8 }}>
          {t('stored')}
        </Tag>
      ) : (
        <Tag style={{ marginInlineStart: 8 }}>{t('notStored')}</Tag>
      )
    ) : null;
  const secretHint = editing ? t('secretHintEdit') : t('secretHintAdd');
  // On add (or when nothing is stored) a password or a key is needed; either one satisfies both fields.
  const needsSecret = !(stored.password || stored.privateKey);
  const secretRule = {
    validator: () =>
      needsSecret &&
      !form.getFieldValue('sftp_password') &&
      !String(form.getFieldValue('private_key') ?? '').trim()
        ? Promise.reject(new Error(t('secretRequired')))
        : Promise.resolve(),
  };

  const test = () => onTest({ ...initialValues, ...form.getFieldsValue(true) } as SftpFormValues);

  return (
    <ResourceFormModal<SftpFormValues>
      state={props}
      title={editing ? t('editTitle', { id: server?.sftp_server_id ?? '' }) : t('addTitle')}
      width="min(860px, 96vw)"
      name="sftp-server"
      form={form}
      scrollBody
      footer={
        <TestCloseSaveButtons
          test={{ label: t('testConnection'), testing, onClick: test }}
          formId={FORM_ID}
          saving={saving}
          t={t}
          onClose={onClose}
        />
      }
      initialValues={initialValues}
      onFinish={(values) => onSubmit({ ...initialValues, ...values })}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="companycode"
            label={t('company')}
            rules={[{ required: true, message: t('companyRequired') }]}
          >
            <CompanySelect
              options={companies.options}
              loading={companies.loading}
              disabled={editing}
              placeholder={t('selectCompany')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="sftp_server_id"
            label={t('formServerId')}
            rules={[
              { required: true, whitespace: true, message: t('serverIdRequired') },
              { pattern: serverIdPattern, message: t('serverIdInvalid') },
            ]}
          >
            <Input
              maxLength={64}
              readOnly={editing}
              variant={editing ? 'filled' : undefined}
              autoComplete="off"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item
            name="sftp_ip"
            label={t('formIp')}
            rules={[
              { required: true, whitespace: true, message: t('ipRequired') },
              { pattern: hostPattern, message: t('ipInvalid') },
            ]}
          >
            <Input maxLength={253} autoComplete="off" placeholder="sftp.example.com" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="sftp_port"
            label={t('formPort')}
            rules={[{ required: true, type: 'integer', min: 1, max: 65535, message: t('portRequired') }]}
          >
            <InputNumber<number>
              min={1}
              max={65535}
              precision={0}
              placeholder={String(DEFAULT_SFTP_PORT)}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="sftp_username"
            label={t('formUsername')}
            rules={[
              { required: true, whitespace: true, message: t('usernameRequired') },
              { pattern: usernamePattern, message: t('usernameInvalid') },
            ]}
          >
            <Input maxLength={128} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="sftp_password"
            label={
              <span>
                {t('password')}
                {storedTag(stored.password)}
              </span>
            }
            extra={secretHint}
            dependencies={['private_key']}
            rules={[secretRule]}
          >
            <Input.Password maxLength={1024} autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="private_key"
            label={
              <span>
                {t('privateKey')}
                {storedTag(stored.privateKey)}
              </span>
            }
            extra={secretHint}
            dependencies={['sftp_password']}
            rules={[secretRule]}
          >
            <Input.TextArea
              rows={4}
              maxLength={16384}
              spellCheck={false}
              autoComplete="off"
              placeholder={t('privateKeyPlaceholder')}
              translate="no"
              style={{ fontFamily: 'monospace', fontSize: 12 }}
            />
          </Form.Item>
        </Col>
      </Row>
      {editing && !needsSecret && !password && !String(privateKey ?? '').trim() && (
        <Typography.Text type="secondary" data-testid="sftp-test-hint">
          {t('testHintStored')}
        </Typography.Text>
      )}
    </ResourceFormModal>
  );
}
