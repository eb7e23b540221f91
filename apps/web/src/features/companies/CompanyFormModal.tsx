import type { Company } from '@lis/contracts';
import { Form, Input, Switch } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { KeyInput, messageRule } from '../../ui/resource/form-fields';
import { ResourceFormModal } from '../../ui/resource/ResourceFormModal';
import { companyMessages, type CompanyMessageKey } from './companies.i18n';
import { CompanyRetryDefault } from './CompanyRetryDefault';
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

/** Add/Edit company: the code (fixed once saved), the name and the Active/Inactive switch. */
export function CompanyFormModal({ open, mode, company, saving, onSubmit, onClose }: Props) {
  const t = useT(companyMessages);
  const initialValues = useMemo(() => (company ? formFromCompany(company) : EMPTY_COMPANY_FORM), [company]);

  const ruleOf = (check: (value: string | undefined) => CompanyMessageKey | undefined) =>
    messageRule(t, check);

  return (
    <ResourceFormModal<CompanyFormValues>
      state={{ open, saving, onClose }}
      title={mode === 'add' ? t('addTitle') : t('editTitle', { code: company?.company_code ?? '' })}
      width="min(560px, 96vw)"
      name="company"
      t={t}
      initialValues={initialValues}
      onFinish={onSubmit}
    >
      <Form.Item
        name="company_code"
        label={t('companyCode')}
        required
        extra={mode === 'add' ? t('codeHint') : undefined}
        rules={[ruleOf(checkCompanyCode)]}
      >
        <KeyInput
          maxLength={COMPANY_CODE_MAX_LENGTH}
          placeholder={mode === 'add' ? t('codePlaceholder') : undefined}
          editing={mode === 'edit'}
        />
      </Form.Item>
      <Form.Item name="company_name" label={t('companyName')} required rules={[ruleOf(checkCompanyName)]}>
        <Input maxLength={COMPANY_NAME_MAX_LENGTH} autoComplete="off" />
      </Form.Item>
      <Form.Item name="active" label={t('status')} valuePropName="checked" extra={t('statusHint')}>
        <Switch checkedChildren={t('active')} unCheckedChildren={t('inactive')} />
      </Form.Item>
      {mode === 'edit' && company && <CompanyRetryDefault companyCode={company.company_code} />}
    </ResourceFormModal>
  );
}
