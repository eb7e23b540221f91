import type { MaintenanceWindow } from '@lis/contracts';
import { Alert, Button, Col, ConfigProvider, Form, Input, Radio, Row, Switch, Typography } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { KeyInput, messageRule } from '../../ui/resource/form-fields';
import { ResourceFormModal } from '../../ui/resource/ResourceFormModal';
import type { FormModalState, FormTarget } from '../../ui/resource/useResourceForm';
import {
  checkName,
  emptyMaintenanceForm,
  formFromWindow,
  type MaintenanceFormValues,
} from './maintenance-form';
import { maintenanceMessages } from './maintenance.i18n';
import { OnceFields, RecurringFields } from './MaintenanceScheduleFields';

interface Props extends FormModalState<MaintenanceFormValues> {
  /** The window edited (null: a new one of `companyCode`). */
  target: FormTarget<MaintenanceWindow | null>;
  companyCode: string;
  companyLabel: string;
  /** A window of every company shown to an admin: nothing can be changed. */
  readOnly: boolean;
}

/**
 * New / Edit maintenance window: name (fixed once saved), description, enabled, and its kind — one-off
 * (start and end) or recurring (a cron expression of its starts, a duration, the expression's zone).
 */
export function MaintenanceFormModal(props: Props) {
  const { open, saving, onSubmit, onClose, target, companyCode, companyLabel, readOnly } = props;
  const t = useT(maintenanceMessages);
  const [form] = Form.useForm<MaintenanceFormValues>();
  const editing = target.mode === 'edit';
  const edited = target.record;
  const initialValues = useMemo(
    () => (edited ? formFromWindow(edited) : emptyMaintenanceForm(companyCode)),
    [edited, companyCode],
  );
  const kind =
    (Form.useWatch('kind', form) as MaintenanceFormValues['kind'] | undefined) ?? initialValues.kind;
  const name = edited?.name ?? '';
  const title = readOnly ? t('viewTitle', { name }) : editing ? t('editTitle', { name }) : t('addTitle');

  return (
    <ResourceFormModal<MaintenanceFormValues>
      state={{ open, saving, onClose }}
      title={title}
      width="min(720px, 96vw)"
      name="maintenance"
      t={t}
      footer={readOnly ? <Button onClick={onClose}>{t('close')}</Button> : undefined}
      scrollBody
      form={form}
      initialValues={initialValues}
      onFinish={(values) => onSubmit({ ...initialValues, ...values })}
    >
      {readOnly && <Alert type="info" showIcon title={t('readOnlyAll')} style={{ marginBottom: 12 }} />}
      <ConfigProvider componentDisabled={readOnly || saving}>
        <Form.Item name="company_code" hidden>
          <Input />
        </Form.Item>
        <Typography.Paragraph>
          {t('company')}:{' '}
          <Typography.Text strong translate="no">
            {companyLabel}
          </Typography.Text>
        </Typography.Paragraph>
        <Form.Item name="name" label={t('name')} required rules={[messageRule(t, checkName)]}>
          <KeyInput editing={editing} maxLength={64} />
        </Form.Item>
        <Form.Item name="description" label={t('description')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="kind" label={t('kind')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'once', label: t('kindOnce') },
                  { value: 'recurring', label: t('kindRecurring') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
              <Switch aria-label={t('enabled')} />
            </Form.Item>
          </Col>
        </Row>
        {kind === 'once' ? <OnceFields /> : <RecurringFields />}
      </ConfigProvider>
    </ResourceFormModal>
  );
}
