import { Col, Form, Radio, Row, Select, Typography } from 'antd';
import { useT } from '../../../platform/i18n/I18nProvider';
import type { CompanyChoices } from '../../../ui/resource/form-fields';
import { TrueFalseCheckbox, YesNoSwitch } from '../form-controls';
import { JOB_FORM_LEGACY_TYPES, type JobFormMode, type JobFormValues } from '../job-form';
import { jobFormMessages } from './job-form.i18n';
import { FlagField, LegacyIdField, LegacyNameField, ScheduleFields } from './LegacyFields';
import { SchedulingPolicyFields } from './SchedulingPolicyFields';
import { RetryPolicyFields } from './RetryPolicyFields';

interface Props {
  mode: JobFormMode;
  companies: CompanyChoices;
}

/**
 * The Legacy section: who and what the job is, when it runs, after which jobs, and its scheduling
 * policies.
 */
export function LegacySection({ mode, companies }: Props) {
  const t = useT(jobFormMessages);
  const form = Form.useFormInstance<JobFormValues>();
  const isActive = Form.useWatch('isactive', form);
  const editing = mode === 'edit';
  return (
    <>
      <Form.Item name="important_job">
        <TrueFalseCheckbox>{t('importantJob')}</TrueFalseCheckbox>
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="companycode"
            label={t('companyCode')}
            rules={[{ required: true, message: t('companyRequired') }]}
          >
            <Select
              disabled={editing}
              loading={companies.loading}
              placeholder={t('selectCompany')}
              showSearch={{ optionFilterProp: 'label' }}
              options={[...companies.options]}
              notFoundContent={t('noData')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <LegacyIdField t={t} input={{ readOnly: editing, disabled: editing }} />
        </Col>
        <Col xs={24} md={8}>
          <LegacyNameField t={t} />
        </Col>
      </Row>
      <Form.Item name="legacytype" label={t('legacyType')}>
        <Radio.Group options={JOB_FORM_LEGACY_TYPES.map((type) => ({ value: type, label: type }))} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          {/* Spec 001 §3: a new job starts off (N); the switch says so in words (decision 0028). */}
          <Form.Item
            name="isactive"
            label={t('isActive')}
            extra={
              isActive === 'Y' ? undefined : (
                <Typography.Text type="warning" data-testid="job-form-inactive-hint">
                  {t('isActiveOff')}
                </Typography.Text>
              )
            }
          >
            <YesNoSwitch aria-label={t('isActive')} />
          </Form.Item>
        </Col>
        <FlagField name="stopif_step4_error" label={t('suspendWhenError')} />
        <FlagField name="criteria_stopif_mainstatus_warning" label={t('suspendWhenWarning')} />
      </Row>
      <Row gutter={16}>
        <ScheduleFields cronLabel={t('cronTrigger')} criteriaLabel={t('startAfter')} />
      </Row>
      <SchedulingPolicyFields />
      <RetryPolicyFields />
    </>
  );
}
