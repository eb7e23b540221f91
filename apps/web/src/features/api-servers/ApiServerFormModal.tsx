import { MAX_API_TIMEOUT_SECONDS, MIN_API_TIMEOUT_SECONDS, type ApiServer } from '@lis/contracts';
import { Form, InputNumber } from 'antd';
import { useMemo, useRef } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import {
  messageRule,
  PlainInput,
  StoredSecretField,
  type LabelledCompanyChoices,
} from '../../ui/resource/form-fields';
import { TestCloseSaveButtons } from '../../ui/resource/ResourceButtons';
import { formIdOf, ResourceFormModal } from '../../ui/resource/ResourceFormModal';
import { ServerKeyFields } from '../../ui/resource/ServerKeyFields';
import type { FormModalState, FormTarget } from '../../ui/resource/useResourceForm';
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
  type ApiServerFormValues,
} from './api-server-form';

interface Props extends FormModalState<ApiServerFormValues> {
  /** The record being edited; null when adding. */
  target: FormTarget<ApiServer | null>;
  testing: boolean;
  companies: LabelledCompanyChoices;
  onTest: (values: ApiServerFormValues) => void;
}

const FORM_ID = formIdOf('api-server');

/** Add/Edit API config: company, server id (fixed once saved), URL, username, write-only password. */
export function ApiServerFormModal(props: Props) {
  const { open, target, saving, testing, companies, onSubmit, onTest, onClose } = props;
  const { mode, record: server } = target;
  const t = useT(apiServerMessages);
  // Test Connection and Save both submit the form (so both validate it); this says which was pressed.
  // No useForm: its instance would outlive the modal's content and keep the previous opening's values.
  const intent = useRef<'save' | 'test'>('save');
  const initialValues = useMemo(() => (server ? formFromApiServer(server) : EMPTY_API_SERVER_FORM), [server]);
  const editing = mode === 'edit';

  const ruleOf = <V,>(check: (value: V) => ApiServerMessageKey | undefined) => messageRule(t, check);

  return (
    <ResourceFormModal<ApiServerFormValues>
      state={{ open, saving, onClose }}
      title={editing ? t('editTitle', { id: server?.api_serverid ?? '' }) : t('addTitle')}
      width="min(600px, 96vw)"
      name="api-server"
      onFinish={(values) => {
        const test = intent.current === 'test';
        intent.current = 'save'; // Enter in a field saves
        if (test) onTest(values);
        else onSubmit(values);
      }}
      onFinishFailed={() => (intent.current = 'save')}
      initialValues={initialValues}
      footer={
        <TestCloseSaveButtons
          wrap
          test={{
            label: t('testConnection'),
            testing,
            submits: FORM_ID,
            onClick: () => (intent.current = 'test'),
          }}
          formId={FORM_ID}
          saving={saving}
          t={t}
          onClose={onClose}
          onSave={() => (intent.current = 'save')}
        />
      }
    >
      <ServerKeyFields
        t={t}
        idName="api_serverid"
        idLabel={t('apiServerId')}
        companies={companies}
        recordCompany={server?.companycode}
        companyLabel={(code) => companies.label(code, server?.companyname)}
        editing={editing}
      />
      <Form.Item name="api_url_callfunction" label={t('apiUrl')} required rules={[ruleOf(checkUrl)]}>
        <PlainInput maxLength={URL_MAX_LENGTH} placeholder={t('urlPlaceholder')} />
      </Form.Item>
      <Form.Item name="api_username" label={t('apiUsername')} required rules={[ruleOf(checkUsername)]}>
        <PlainInput maxLength={USERNAME_MAX_LENGTH} />
      </Form.Item>
      <StoredSecretField
        name="api_password"
        label={t('apiPassword')}
        stored={editing && Boolean(server?.has_password)}
        storedText={t('passwordStored')}
        required
        extra={editing ? t('passwordHintEdit') : t('passwordHintAdd')}
        rules={[ruleOf((value: string | undefined) => checkPassword(value, mode))]}
        maxLength={SECRET_MAX_LENGTH}
      />
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
