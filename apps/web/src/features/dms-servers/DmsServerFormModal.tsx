import type { DmsServer } from '@lis/contracts';
import { Form } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import {
  messageRule,
  PlainInput,
  StoredSecretField,
  type LabelledCompanyChoices,
} from '../../ui/resource/form-fields';
import { ResourceFormModal } from '../../ui/resource/ResourceFormModal';
import { ServerKeyFields } from '../../ui/resource/ServerKeyFields';
import type { FormModalState, FormTarget } from '../../ui/resource/useResourceForm';
import {
  EMPTY_DMS_SERVER_FORM,
  SECRET_MAX_LENGTH,
  URL_MAX_LENGTH,
  checkUrl,
  formFromDmsServer,
  missingRequired,
  type DmsServerFormValues,
} from './dms-server-form';
import { dmsServerMessages, type DmsServerMessageKey } from './dms-servers.i18n';

interface Props extends FormModalState<DmsServerFormValues> {
  /** The record being edited; null when adding. */
  target: FormTarget<DmsServer | null>;
  companies: LabelledCompanyChoices;
  /** Save was pressed with a required field blank (spec 001 §5). */
  onIncomplete: () => void;
}

/** Add/Edit Dms Config: company, server id (locked on edit), URL, write-only token. */
export function DmsServerFormModal(props: Props) {
  const { open, target, saving, companies, onSubmit, onIncomplete, onClose } = props;
  const { mode, record: server } = target;
  const t = useT(dmsServerMessages);
  const initialValues = useMemo(() => (server ? formFromDmsServer(server) : EMPTY_DMS_SERVER_FORM), [server]);
  const editing = mode === 'edit';

  const ruleOf = (check: (value: string | undefined) => DmsServerMessageKey | undefined) =>
    messageRule(t, check);

  return (
    <ResourceFormModal<DmsServerFormValues>
      state={{ open, saving, onClose }}
      title={editing ? t('editTitle', { id: server?.dms_serverid ?? '' }) : t('addTitle')}
      width="min(600px, 96vw)"
      name="dms-server"
      t={t}
      initialValues={initialValues}
      onFinish={onSubmit}
      onFinishFailed={({ values }) => {
        if (missingRequired(values)) onIncomplete();
      }}
    >
      <ServerKeyFields
        t={t}
        idName="dms_serverid"
        idLabel={t('dmsServerId')}
        companies={companies}
        recordCompany={server?.companycode}
        companyLabel={(code) => companies.label(code)}
        editing={editing}
      />
      <Form.Item name="dms_url" label={t('dmsUrl')} rules={[ruleOf(checkUrl)]}>
        <PlainInput maxLength={URL_MAX_LENGTH} placeholder={t('urlPlaceholder')} />
      </Form.Item>
      <StoredSecretField
        name="dms_token"
        label={t('dmsToken')}
        stored={editing && Boolean(server?.has_token)}
        storedText={t('tokenStored')}
        extra={editing ? t('tokenHintEdit') : t('tokenHintAdd')}
        maxLength={SECRET_MAX_LENGTH}
      />
    </ResourceFormModal>
  );
}
