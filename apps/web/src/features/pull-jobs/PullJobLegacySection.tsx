import { Card, Col, Form, Input, Row, Select } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { TrueFalseCheckbox } from '../job-config';
import {
  FlagField,
  LegacyIdField,
  LegacyNameField,
  ScheduleFields,
  SchedulingPolicyFields,
} from '../job-config';
import type { CompanyChoices } from '../../ui/resource/form-fields';
import { PULL_JOB_TYPE } from './pull-job-form';
import { pullJobMessages } from './pull-jobs.i18n';

interface Props {
  editing: boolean;
  companies: CompanyChoices;
}

/** The Legacy section: identity (company and id locked in edit), type PULL_WAIT, flags, triggers, predecessors. */
export function PullJobLegacySection({ editing, companies }: Props) {
  const t = useT(pullJobMessages);
  const locked = editing ? { readOnly: true, variant: 'filled' as const } : {};
  return (
    <Card size="small" title={t('sectionLegacy')} data-testid="pull-job-section-legacy">
      <Form.Item name="important_job" style={{ marginBottom: 12 }}>
        <TrueFalseCheckbox>{t('importantJob')}</TrueFalseCheckbox>
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="companycode"
            label={t('companyCode')}
            rules={[{ required: true, message: t('companyRequired') }]}
          >
            <Select
              options={[...companies.options]}
              loading={companies.loading}
              disabled={editing}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('selectCompany')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('legacyType')} htmlFor="pull-job-legacy-type">
            <Input id="pull-job-legacy-type" value={PULL_JOB_TYPE} readOnly variant="filled" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <LegacyIdField t={t} input={{ autoComplete: 'off', ...locked }} />
        </Col>
        <Col xs={24} md={12}>
          <LegacyNameField t={t} input={{ autoComplete: 'off' }} />
        </Col>
        <FlagField name="isactive" label={t('isActive')} />
        <FlagField name="stopif_step4_error" label={t('suspendWhenError')} />
        <FlagField name="criteria_stopif_mainstatus_warning" label={t('suspendWhenWarning')} />
        <ScheduleFields cronLabel={t('cronTrigger')} criteriaLabel={t('legacyCriteria')} />
      </Row>
      <SchedulingPolicyFields />
    </Card>
  );
}
