import { ApiOutlined } from '@ant-design/icons';
import { MAX_API_TIMEOUT_SECONDS, MIN_API_TIMEOUT_SECONDS, type ApiServer } from '@lis/contracts';
import { Button, Form, Input, InputNumber, Space } from 'antd';
import { useMemo, useRef } from 'react';
import { useT } from '../../app/i18n/I18nProvider';
import { messageRule, StoredSecretLabel, withRecordCompany } from '../../ui/resource/form-fields';
import { ResourceFormModal } from '../../ui/resource/ResourceFormModal';
import { ServerKeyFields } from '../../ui/resource/ServerKeyFields';
import { apiServerMessages, type ApiServerMessageKey } from './api-servers.i18n';
import {
  EMPTY_API_SERVER_FORM,
  SECRET_MAX_LENGTH,
  URL_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  checkPassword,
  checkTimeout,
  checkUrl,
  checkUsername,
  formFromApiServer,
  type ApiServerFormMode,
  type ApiServerFormValues,
} from './api-server-form';
import type { CompanyOption } from '../companies/admin-companies';

interface Props {
  open: boolean;
  mode: ApiServerFormMode;
  /** The record being edited; null when adding. */
  server: ApiServer | null;
  saving: boolean;
  testing: boolean;
  companyOptions: readonly CompanyOption[];
  companiesLoading: boolean;
  companyLabel: (code: string, name?: string) => string;
  onSubmit: (values: ApiServerFormValues) => void;
  onTest: (values: ApiServerFormValues) => void;
  onClose: () => void;
}

const FORM_ID = 'api-server-form';

/** Add/Edit API config: company, server id (fixed once saved), URL, username, write-only password. */
export function ApiServerFormModal(props: Props) {
  const { open, mode, server, saving, testing, companyOptions, companiesLoading, companyLabel } = props;
  const { onSubmit, onTest, onClose } = props;
  const t = useT(apiServerMessages);
  // Test Connection and Save both submit the form (so both validate it); this says which was pressed.
  // No useForm: its instance would outlive the modal's content and keep the previous opening's values.
  const intent = useRef<'save' | 'test'>('save');
  const initialValues = useMemo(() => (server ? formFromApiServer(server) : EMPTY_API_SERVER_FORM), [server]);
  const editing = mode === 'edit';

  const ruleOf = <V,>(check: (value: V) => ApiServerMessageKey | undefined) => messageRule(t, check);
  const options = useMemo(
    () =>
      withRecordCompany(companyOptions, server?.companycode, (code) =>
        companyLabel(code, server?.companyname),
      ),
    [companyOptions, server, companyLabel],
  );

  return (
    <ResourceFormModal<ApiServerFormValues>
      open={open}
      title={editing ? t('editTitle', { id: server?.api_serverid ?? '' }) : t('addTitle')}
      width="min(600px, 96vw)"
      formId={FORM_ID}
      name="api-server"
      saving={saving}
      onClose={onClose}
      onFinish={(values) => {
        const test = intent.current === 'test';
        intent.current = 'save'; // Enter in a field saves
        if (test) onTest(values);
        else onSubmit(values);
      }}
      onFinishFailed={() => (intent.current = 'save')}
      initialValues={initialValues}
      footer={
        <Space wrap>
          <Button
            icon={<ApiOutlined />}
            htmlType="submit"
            form={FORM_ID}
            onClick={() => (intent.current = 'test')}
            loading={testing}
            disabled={saving}
          >
            {t('testConnection')}
          </Button>
          <Button onClick={onClose}>{t('close')}</Button>
          <Button
            type="primary"
            htmlType="submit"
            form={FORM_ID}
            onClick={() => (intent.current = 'save')}
            loading={saving}
          >
            {t('save')}
          </Button>
        </Space>
      }
    >
      <ServerKeyFields
        t={t}
        idName="api_serverid"
        idLabel={t('apiServerId')}
        options={options}
        companiesLoading={companiesLoading}
        editing={editing}
      />
      <Form.Item name="api_url_callfunction" label={t('apiUrl')} required rules={[ruleOf(checkUrl)]}>
        <Input
          maxLength={URL_MAX_LENGTH}
          placeholder={t('urlPlaceholder')}
          autoComplete="off"
          spellCheck={false}
        />
      </Form.Item>
      <Form.Item name="api_username" label={t('apiUsername')} required rules={[ruleOf(checkUsername)]}>
        <Input maxLength={USERNAME_MAX_LENGTH} autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item
        name="api_password"
        label={
          <StoredSecretLabel
            label={t('apiPassword')}
            stored={editing && Boolean(server?.has_password)}
            storedText={t('passwordStored')}
          />
        }
        required
        extra={editing ? t('passwordHintEdit') : t('passwordHintAdd')}
        rules={[ruleOf((value: string | undefined) => checkPassword(value, mode))]}
      >
        <Input.Password maxLength={SECRET_MAX_LENGTH} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="api_timeout_seconds"
        label={t('apiTimeout')}
        required
        extra={t('timeoutHint')}
        rules={[ruleOf(checkTimeout)]}
      >
        <InputNumber<number>
          min={MIN_API_TIMEOUT_SECONDS}
          max={MAX_API_TIMEOUT_SECONDS}
          precision={0}
          style={{ width: '100%' }}
          aria-label={t('apiTimeout')}
        />
      </Form.Item>
    </ResourceFormModal>
  );
}
