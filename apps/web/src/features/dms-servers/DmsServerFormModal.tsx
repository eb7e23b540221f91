import { CheckCircleOutlined } from '@ant-design/icons';
import type { DmsServer } from '@lis/contracts';
import { Form, Input, Modal, Select, Space, Tag, type FormRule } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../app/i18n/I18nProvider';
import type { CompanyOption } from '../companies/admin-companies';
import {
  EMPTY_DMS_SERVER_FORM,
  SECRET_MAX_LENGTH,
  SERVER_ID_MAX_LENGTH,
  URL_MAX_LENGTH,
  checkCompany,
  checkServerId,
  checkUrl,
  formFromDmsServer,
  missingRequired,
  type DmsServerFormMode,
  type DmsServerFormValues,
} from './dms-server-form';
import { dmsServerMessages, type DmsServerMessageKey } from './dms-servers.i18n';

interface Props {
  open: boolean;
  mode: DmsServerFormMode;
  /** The record being edited; null when adding. */
  server: DmsServer | null;
  saving: boolean;
  companyOptions: readonly CompanyOption[];
  companiesLoading: boolean;
  companyLabel: (code: string) => string;
  onSubmit: (values: DmsServerFormValues) => void;
  /** Save was pressed with a required field blank (spec 001 §5). */
  onIncomplete: () => void;
  onClose: () => void;
}

const FORM_ID = 'dms-server-form';

/** Add/Edit Dms Config: company, server id (locked on edit), URL, write-only token. */
export function DmsServerFormModal(props: Props) {
  const { open, mode, server, saving, companyOptions, companiesLoading, companyLabel } = props;
  const { onSubmit, onIncomplete, onClose } = props;
  const t = useT(dmsServerMessages);
  const initialValues = useMemo(() => (server ? formFromDmsServer(server) : EMPTY_DMS_SERVER_FORM), [server]);
  const editing = mode === 'edit';

  const ruleOf = (check: (value: string | undefined) => DmsServerMessageKey | undefined): FormRule => ({
    validator: (_, value: string | undefined) => {
      const key = check(value);
      return key ? Promise.reject(new Error(t(key))) : Promise.resolve();
    },
  });

  const options = useMemo(() => {
    if (!server || companyOptions.some((option) => option.value === server.companycode))
      return [...companyOptions];
    return [{ value: server.companycode, label: companyLabel(server.companycode) }, ...companyOptions];
  }, [companyOptions, server, companyLabel]);

  return (
    <Modal
      open={open}
      title={editing ? t('editTitle', { id: server?.dms_serverid ?? '' }) : t('addTitle')}
      width="min(600px, 96vw)"
      centered
      destroyOnHidden
      mask={{ closable: false }}
      okText={t('save')}
      cancelText={t('close')}
      okButtonProps={{ htmlType: 'submit', form: FORM_ID, loading: saving }}
      onCancel={onClose}
    >
      <Form<DmsServerFormValues>
        id={FORM_ID}
        name="dms-server"
        layout="vertical"
        preserve={false}
        initialValues={initialValues}
        onFinish={onSubmit}
        onFinishFailed={({ values }) => {
          if (missingRequired(values)) onIncomplete();
        }}
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
          name="dms_serverid"
          label={t('dmsServerId')}
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
        <Form.Item name="dms_url" label={t('dmsUrl')} rules={[ruleOf(checkUrl)]}>
          <Input
            maxLength={URL_MAX_LENGTH}
            placeholder={t('urlPlaceholder')}
            autoComplete="off"
            spellCheck={false}
          />
        </Form.Item>
        <Form.Item
          name="dms_token"
          label={
            <Space size={8}>
              {t('dmsToken')}
              {editing && server?.has_token && (
                <Tag color="green" icon={<CheckCircleOutlined />}>
                  {t('tokenStored')}
                </Tag>
              )}
            </Space>
          }
          extra={editing ? t('tokenHintEdit') : t('tokenHintAdd')}
        >
          <Input.Password maxLength={SECRET_MAX_LENGTH} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
