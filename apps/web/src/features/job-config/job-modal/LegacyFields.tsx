import { LEGACY_ID_PATTERN } from '@lis/contracts';
import { Col, Form, Input, type InputProps } from 'antd';
import { useTriggerCalendars } from '../../calendars';
import { CronTriggerList } from '../../job-tools';
import { YesNoSwitch } from '../form-controls';
import type { JobFormValues } from '../job-form';
import { PredecessorInput } from './PredecessorInput';

/*
 * The fields of a job's Legacy section that the Job Config and the Pull Job Config forms share; each
 * form lays them out and words them (its own messages) as it does.
 */

const LEGACY_ID = new RegExp(LEGACY_ID_PATTERN);

type IdKey = 'legacyId' | 'legacyIdRequired' | 'legacyIdInvalid';
type NameKey = 'legacyName' | 'legacyNameRequired';

/** The job's id: required, of the legacy id pattern; `input` says how it looks once saved (fixed). */
export function LegacyIdField({ t, input }: { t: (key: IdKey) => string; input: InputProps }) {
  return (
    <Form.Item
      name="legacyid"
      label={t('legacyId')}
      rules={[
        { required: true, whitespace: true, message: t('legacyIdRequired') },
        { pattern: LEGACY_ID, message: t('legacyIdInvalid') },
      ]}
    >
      <Input maxLength={100} {...input} />
    </Form.Item>
  );
}

export function LegacyNameField({ t, input }: { t: (key: NameKey) => string; input?: InputProps }) {
  return (
    <Form.Item
      name="legacyname"
      label={t('legacyName')}
      rules={[{ required: true, whitespace: true, message: t('legacyNameRequired') }]}
    >
      <Input maxLength={200} {...input} />
    </Form.Item>
  );
}

/** A Y/N flag of the job in a third of the row. */
export function FlagField({ name, label }: { name: keyof JobFormValues; label: string }) {
  return (
    <Col xs={24} sm={8}>
      <Form.Item name={name} label={label}>
        <YesNoSwitch aria-label={label} />
      </Form.Item>
    </Col>
  );
}

/**
 * When the job runs: its cron triggers (a whole row: each has its calendar and business-day rule
 * beside it, issue 34), and the jobs of its company it starts after (half a row).
 */
export function ScheduleFields({ cronLabel, criteriaLabel }: { cronLabel: string; criteriaLabel: string }) {
  const form = Form.useFormInstance<JobFormValues>();
  const companyCode = Form.useWatch('companycode', form) ?? '';
  const legacyId = Form.useWatch('legacyid', form) ?? '';
  const calendars = useTriggerCalendars(companyCode, 'trigger_calendars');
  return (
    <>
      <Col xs={24}>
        <Form.Item name="cron_trigger" label={cronLabel}>
          <CronTriggerList addon={calendars} />
        </Form.Item>
        <Form.Item name="trigger_calendars" hidden>
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="legacy_criteria" label={criteriaLabel}>
          <PredecessorInput companyCode={companyCode} ownLegacyId={legacyId} />
        </Form.Item>
      </Col>
    </>
  );
}
