import { LEGACY_ID_PATTERN } from '@lis/contracts';
import { Card, Col, Form, Input, Row, Select } from 'antd';
import { useT } from '../../app/i18n/I18nProvider';
import { TrueFalseCheckbox, YesNoSwitch } from '../job-config/form-controls';
import type { JobFormValues } from '../job-config/job-form';
import { PredecessorInput } from '../job-config/job-modal/PredecessorInput';
import { CronTriggerList } from '../job-tools';
import type { CompanyOption } from '../companies/admin-companies';
import { PULL_JOB_TYPE } from './pull-job-form';
import { pullJobMessages } from './pull-jobs.i18n';

const LEGACY_ID_PATTERN_RE = new RegExp(LEGACY_ID_PATTERN);

interface Props {
  editing: boolean;
  companies: readonly CompanyOption[];
  companiesLoading: boolean;
}

/** The Legacy section: identity (company and id locked in edit), type PULL_WAIT, flags, triggers, predecessors. */
export function PullJobLegacySection({ editing, companies, companiesLoading }: Props) {
  const t = useT(pullJobMessages);
  const form = Form.useFormInstance<JobFormValues>();
  const companyCode = Form.useWatch('companycode', form) ?? '';
  const legacyId = Form.useWatch('legacyid', form) ?? '';
  const locked = editing ? { readOnly: true, variant: 'filled' as const } : {};
  const flag = (name: string, label: string) => (
    <Col xs={24} sm={8}>
      <Form.Item name={name} label={label}>
        <YesNoSwitch aria-label={label} />
      </Form.Item>
    </Col>
  );
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
              options={[...companies]}
              loading={companiesLoading}
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
          <Form.Item
            name="legacyid"
            label={t('legacyId')}
            rules={[
              { required: true, whitespace: true, message: t('legacyIdRequired') },
              { pattern: LEGACY_ID_PATTERN_RE, message: t('legacyIdInvalid') },
            ]}
          >
            <Input maxLength={100} autoComplete="off" {...locked} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="legacyname"
            label={t('legacyName')}
            rules={[{ required: true, whitespace: true, message: t('legacyNameRequired') }]}
          >
            <Input maxLength={200} autoComplete="off" />
          </Form.Item>
        </Col>
        {flag('isactive', t('isActive'))}
        {flag('stopif_step4_error', t('suspendWhenError'))}
        {flag('criteria_stopif_mainstatus_warning', t('suspendWhenWarning'))}
        <Col xs={24} md={12}>
          <Form.Item name="cron_trigger" label={t('cronTrigger')}>
            <CronTriggerList />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="legacy_criteria" label={t('legacyCriteria')}>
            <PredecessorInput companyCode={companyCode} ownLegacyId={legacyId} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
