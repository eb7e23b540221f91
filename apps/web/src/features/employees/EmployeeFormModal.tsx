import { PASSWORD_MAX_LENGTH, type Company, type User } from '@lis/contracts';
import { Col, Divider, Form, Input, Row, type FormRule } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { messageRule } from '../../ui/resource/form-fields';
import { ResourceFormModal, SCROLLING_BODY } from '../../ui/resource/ResourceFormModal';
import { CompanyAccessField } from './CompanyAccessField';
import {
  EMPTY_EMPLOYEE_FORM,
  checkCitizenId,
  checkCompanies,
  checkPassword,
  checkUserId,
  formFromUser,
  type CompanyAccessDraft,
  type EmployeeFormMode,
  type EmployeeFormValues,
} from './employee-form';
import type { Option } from './employee-rows';
import { employeeMessages, type EmployeeMessageKey } from './employees.i18n';

interface Props {
  open: boolean;
  mode: EmployeeFormMode;
  /** The user being edited; null when adding. */
  user: User | null;
  saving: boolean;
  companies: readonly Company[];
  roleOptions: readonly Option[];
  companyLabel: (code: string) => string;
  onSubmit: (values: EmployeeFormValues) => void;
  onClose: () => void;
}

/** Add/Edit employee: identity fields, optional password, then company access with roles. */
export function EmployeeFormModal(props: Props) {
  const { open, mode, user, saving, companies, roleOptions, companyLabel, onSubmit, onClose } = props;
  const t = useT(employeeMessages);
  const initialValues = useMemo(() => (user ? formFromUser(user) : EMPTY_EMPLOYEE_FORM), [user]);

  /** Turns a pure check (answering a message key) into an antd rule. */
  const ruleOf = (check: (value: string | undefined) => EmployeeMessageKey | undefined) =>
    messageRule(t, check);
  const companiesRule: FormRule = {
    validator: (_, value: CompanyAccessDraft[] | undefined) => {
      const problem = checkCompanies(value);
      if (!problem) return Promise.resolve();
      const message =
        problem.key === 'roleRequired'
          ? t('roleRequired', { company: companyLabel(problem.companyCode) })
          : t('companyRequired');
      return Promise.reject(new Error(message));
    },
  };

  const passwordHelp =
    mode === 'add'
      ? t('passwordHintAdd')
      : user?.has_password
        ? t('passwordHintEdit')
        : t('passwordHintEditNone');

  return (
    <ResourceFormModal<EmployeeFormValues>
      state={{ open, saving, onClose }}
      title={mode === 'add' ? t('addTitle') : t('editTitle', { id: user?.id ?? '' })}
      width="min(1500px, 96vw)"
      name="employee"
      t={t}
      // The body reaches 8px past each side and pads them back, so the Row gutter's negative margins fit
      // without a horizontal scroll (which focusing a field would otherwise trigger, clipping the left edge).
      styles={{ body: { ...SCROLLING_BODY, paddingInline: 8, marginInline: -8 } }}
      initialValues={initialValues}
      onFinish={onSubmit}
    >
      <Row gutter={16}>
        <Col xs={24} md={12} xl={8}>
          <Form.Item name="id" label={t('userId')} required rules={[ruleOf(checkUserId)]}>
            <Input
              maxLength={64}
              readOnly={mode === 'edit'}
              variant={mode === 'edit' ? 'filled' : undefined}
              autoComplete="off"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Form.Item name="first_name" label={t('firstName')}>
            <Input maxLength={100} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Form.Item name="last_name" label={t('lastName')}>
            <Input maxLength={100} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Form.Item name="citizen_id" label={t('citizenId')} rules={[ruleOf(checkCitizenId)]}>
            <Input maxLength={32} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Form.Item
            name="password"
            label={t('password')}
            extra={passwordHelp}
            rules={[ruleOf(checkPassword)]}
          >
            <Input.Password maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start" style={{ marginTop: 0 }}>
        {t('companyAccess')}
      </Divider>
      <Form.Item name="companies" required rules={[companiesRule]}>
        <CompanyAccessField companies={companies} roleOptions={roleOptions} companyLabel={companyLabel} />
      </Form.Item>
    </ResourceFormModal>
  );
}
