import { MAINTENANCE_MAX_DURATION_MINUTES, MAINTENANCE_ONCE_MAX_DAYS } from '@lis/contracts';
import { Button, Col, DatePicker, Flex, Form, Input, InputNumber, Row, Select } from 'antd';
import { useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { messageRule } from '../../ui/resource/form-fields';
import { displayTimeZone, zoneLabel } from '../../ui/table-dates';
import { TIME_ZONES } from '../../ui/time-zone/time-zone-options';
import { CronCheckPanel, CronTriggerModal, useCronCheck } from '../job-tools';
import { durationText } from './maintenance-format';
import { checkCron, checkDuration, checkSpan, type MaintenanceFormValues } from './maintenance-form';
import { maintenanceMessages } from './maintenance.i18n';

/** Spec 000 §9: dates are entered dd/mm/yyyy; a window's times to the minute. */
const PICKER_FORMAT = 'DD/MM/YYYY HH:mm';

/** A one-off window: its start and end, wall times of the console's zone (the server's). */
export function OnceFields() {
  const t = useT(maintenanceMessages);
  const picker = (label: string) => (
    <DatePicker
      showTime={{ format: 'HH:mm' }}
      // A typed time is kept as typed (no OK to press): Tab or a click elsewhere leaves it in the field.
      needConfirm={false}
      format={PICKER_FORMAT}
      placeholder={PICKER_FORMAT}
      aria-label={label}
      style={{ width: '100%' }}
    />
  );
  return (
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        <Form.Item
          name="from"
          label={t('from')}
          extra={t('timesIn', { zone: zoneLabel() })}
          rules={[{ required: true, message: t('fromRequired') }]}
        >
          {picker(t('from'))}
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="to"
          label={t('to')}
          required
          dependencies={['from']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, to: MaintenanceFormValues['to'] | undefined) => {
                const from = getFieldValue('from') as MaintenanceFormValues['from'];
                const refusal = checkSpan(from, to ?? null);
                return refusal
                  ? Promise.reject(new Error(t(refusal, { days: MAINTENANCE_ONCE_MAX_DAYS })))
                  : Promise.resolve();
              },
            }),
          ]}
        >
          {picker(t('to'))}
        </Form.Item>
      </Col>
    </Row>
  );
}

/** A recurring window: the cron expression of its starts (with the server's check), duration, zone. */
export function RecurringFields() {
  const t = useT(maintenanceMessages);
  const form = Form.useFormInstance<MaintenanceFormValues>();
  const cron = ((Form.useWatch('cron', form) as string | undefined) ?? '').trim();
  const tz = (Form.useWatch('tz', form) as string | undefined) ?? '';
  const minutes = Form.useWatch('duration_minutes', form) as number | null | undefined;
  const check = useCronCheck(cron, tz || undefined);
  const [building, setBuilding] = useState(false);
  const length = typeof minutes === 'number' && minutes > 0 ? `${durationText(minutes, t)} · ` : '';
  return (
    <>
      <Form.Item label={t('cron')} htmlFor="maintenance_cron" required extra={t('cronHint')}>
        <Flex gap={8}>
          <Form.Item name="cron" noStyle rules={[messageRule(t, checkCron)]}>
            <Input maxLength={200} spellCheck={false} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
          <Button onClick={() => setBuilding(true)}>{t('buildCron')}</Button>
        </Flex>
      </Form.Item>
      <div style={{ marginBottom: 16 }} data-testid="maintenance-cron-check">
        <CronCheckPanel expression={cron} check={check} />
      </div>
      <Row gutter={12}>
        <Col xs={24} sm={10}>
          <Form.Item
            name="duration_minutes"
            label={t('duration')}
            required
            extra={`${length}${t('durationHint')}`}
            rules={[messageRule(t, checkDuration)]}
          >
            <InputNumber<number>
              min={1}
              max={MAINTENANCE_MAX_DURATION_MINUTES}
              precision={0}
              suffix={t('minutes')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={14}>
          <Form.Item name="tz" label={t('timeZone')}>
            <Select
              showSearch
              options={[
                { value: '', label: t('timeZoneServer', { zone: displayTimeZone() }) },
                ...TIME_ZONES.map((zone) => ({ value: zone, label: zone })),
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
      <CronTriggerModal
        open={building}
        onClose={() => setBuilding(false)}
        onOk={(expression) => {
          setBuilding(false);
          form.setFieldValue('cron', expression);
          void form.validateFields(['cron']);
        }}
      />
    </>
  );
}
