import type { Company } from '@lis/contracts';
import { Form, Input, Modal, Switch, type FormRule } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../app/i18n/I18nProvider';
import { companyMessages, type CompanyMessageKey } from './companies.i18n';
import {
  COMPANY_CODE_MAX_LENGTH,
  COMPANY_NAME_MAX_LENGTH,
  EMPTY_COMPANY_FORM,
  checkCompanyCode,
  checkCompanyName,
  formFromCompany,
  type CompanyFormMode,
  type CompanyFormValues,
} from './company-form';

interface Props {
  open: boolean;
  mode: CompanyFormMode;
  /** The company being edited; null when adding. */
  company: Company | null;
  saving: boolean;
  onSubmit: (values: CompanyFormValues) => void;
  onClose: () => void;
}

const FORM_ID = 'company-form';

/** Add/Edit company: the code (fixed once saved), the name and the Active/Inactive switch. */
export function CompanyFormModal({ open, mode, company, saving, onSubmit, onClose }: Props) {
  const t = useT(companyMessages);
  const initialValues = useMemo(() => (company ? formFromCompany(company) : EMPTY_COMPANY_FORM), [company]);

  /** Turns a pure check (answering a message key) into an antd rule. */
  const ruleOf = (check: (value: string | undefined) => CompanyMessageKey | undefined): FormRule => ({
    validator: (_, value: string | undefined) => {
      const key = check(value);
      return key ? Promise.reject(new Error(t(key))) : Promise.resolve();
    },
  });

  return (
    <Modal
      open={open}
      title={mode === 'add' ? t('addTitle') : t('editTitle', { code: company?.company_code ?? '' })}
      width="min(560px, 96vw)"
      centered
      destroyOnHidden
      mask={{ closable: false }}
      okText={t('save')}
      cancelText={t('close')}
      okButtonProps={{ htmlType: 'submit', form: FORM_ID, loading: saving }}
      onCancel={onClose}
    >
      {/* preserve={false}: with destroyOnHidden every opening starts from initialValues. */}
      <Form<CompanyFormValues>
        id={FORM_ID}
        name="company"
        layout="vertical"
        preserve={false}
        initialValues={initialValues}
        onFinish={onSubmit}
        disabled={saving}
      >
        <Form.Item
          name="company_code"
          label={t('companyCode')}
          required
          extra={mode === 'add' ? t('codeHint') : undefined}
          rules={[ruleOf(checkCompanyCode)]}
        >
          <Input
            maxLength={COMPANY_CODE_MAX_LENGTH}
            placeholder={mode === 'add' ? t('codePlaceholder') : undefined}
            readOnly={mode === 'edit'}
            variant={mode === 'edit' ? 'filled' : undefined}
            autoComplete="off"
            spellCheck={false}
          />
        </Form.Item>
        <Form.Item name="company_name" label={t('companyName')} required rules={[ruleOf(checkCompanyName)]}>
          <Input maxLength={COMPANY_NAME_MAX_LENGTH} autoComplete="off" />
        </Form.Item>
        <Form.Item name="active" label={t('status')} valuePropName="checked" extra={t('statusHint')}>
          <Switch checkedChildren={t('active')} unCheckedChildren={t('inactive')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
