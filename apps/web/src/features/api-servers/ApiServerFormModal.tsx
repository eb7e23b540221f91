import { ApiOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { MAX_API_TIMEOUT_SECONDS, MIN_API_TIMEOUT_SECONDS, type ApiServer } from '@lis/contracts';
import { Button, Form, Input, InputNumber, Modal, Select, Space, Tag, type FormRule } from 'antd';
import { useMemo, useRef } from 'react';
import { useT } from '../../app/i18n/I18nProvider';
import { apiServerMessages, type ApiServerMessageKey } from './api-servers.i18n';
import {
  EMPTY_API_SERVER_FORM,
  SECRET_MAX_LENGTH,
  SERVER_ID_MAX_LENGTH,
  URL_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  checkCompany,
  checkPassword,
  checkServerId,
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

  /** Turns a pure check (answering a message key) into an antd rule. */
  const ruleOf = <V,>(check: (value: V) => ApiServerMessageKey | undefined): FormRule => ({
    validator: (_, value: V) => {
      const key = check(value);
      return key ? Promise.reject(new Error(t(key))) : Promise.resolve();
    },
  });

  // Editing a record of a company not in the options (e.g. no longer active): still show it.
  const options = useMemo(() => {
    if (!server || companyOptions.some((option) => option.value === server.companycode))
      return [...companyOptions];
    return [
      { value: server.companycode, label: companyLabel(server.companycode, server.companyname) },
      ...companyOptions,
    ];
  }, [companyOptions, server, companyLabel]);

  return (
    <Modal
      open={open}
      title={editing ? t('editTitle', { id: server?.api_serverid ?? '' }) : t('addTitle')}
      width="min(600px, 96vw)"
      centered
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={onClose}
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
      {/* preserve={false}: with destroyOnHidden every opening starts from initialValues. */}
      <Form<ApiServerFormValues>
        id={FORM_ID}
        name="api-server"
        layout="vertical"
        preserve={false}
        initialValues={initialValues}
        onFinish={(values) => {
          const test = intent.current === 'test';
          intent.current = 'save'; // Enter in a field saves
          if (test) onTest(values);
          else onSubmit(values);
        }}
        onFinishFailed={() => (intent.current = 'save')}
        disabled={saving}
      >
        <Form.Item name="companycode" label={t('company')} required rules={[ruleOf(checkCompany)]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={options}
            loading={companiesLoading}
            placeholder={t('selectCompany')}
            disabled={editing}
            aria-label={t('company')}
          />
        </Form.Item>
        <Form.Item
          name="api_serverid"
          label={t('apiServerId')}
          required
          extra={editing ? undefined : t('serverIdHint')}
          rules={[ruleOf(checkServerId)]}
        >
          <Input
            maxLength={SERVER_ID_MAX_LENGTH}
            readOnly={editing}
            variant={editing ? 'filled' : undefined}
            autoComplete="off"
            spellCheck={false}
          />
        </Form.Item>
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
            <Space size={8}>
              {t('apiPassword')}
              {editing && server?.has_password && (
                <Tag color="green" icon={<CheckCircleOutlined />}>
                  {t('passwordStored')}
                </Tag>
              )}
            </Space>
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
      </Form>
    </Modal>
  );
}
