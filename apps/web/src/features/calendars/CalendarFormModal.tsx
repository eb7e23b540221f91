import { CALENDAR_TYPES, type NamedCalendar } from '@lis/contracts';
import { Alert, Button, Col, ConfigProvider, Form, Input, Row, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { KeyInput, messageRule } from '../../ui/resource/form-fields';
import { ResourceFormModal } from '../../ui/resource/ResourceFormModal';
import { TIME_ZONES } from '../../ui/time-zone/time-zone-options';
import type { FormModalState, FormTarget } from '../../ui/resource/useResourceForm';
import { BaseCalendarField } from './BaseCalendarField';
import { checkName, emptyCalendarForm, formFromCalendar, type CalendarFormValues } from './calendar-form';
import { previewDefinition } from './calendar-preview-definition';
import { CalendarMonthView } from './CalendarMonthView';
import { CalendarTypeFields } from './CalendarTypeFields';
import { calendarMessages } from './calendars.i18n';
import { useCalendarWords } from './useCalendarWords';

interface Props extends FormModalState<CalendarFormValues> {
  /** The calendar edited (null: a new one of `companyCode`). */
  target: FormTarget<NamedCalendar | null>;
  companyCode: string;
  companyLabel: string;
  /** A shared calendar shown to an admin: nothing can be changed. */
  readOnly: boolean;
  /** The calendars the list shows: any of them (but the edited one) may be copied in as the base. */
  calendars: readonly NamedCalendar[];
}

/**
 * New / Edit calendar: name (fixed once saved), description, time zone, type and its fields, base
 * calendar; beside them the month view of the calendar as it stands in the form.
 */
export function CalendarFormModal(props: Props) {
  const { open, saving, onSubmit, onClose, target, companyCode, companyLabel, readOnly, calendars } = props;
  const t = useT(calendarMessages);
  const words = useCalendarWords();
  const [form] = Form.useForm<CalendarFormValues>();
  const editing = target.mode === 'edit';
  const calendar = target.record;
  const initialValues = useMemo(
    () => (calendar ? formFromCalendar(calendar) : emptyCalendarForm(companyCode)),
    [calendar, companyCode],
  );
  const watched = Form.useWatch([], { form, preserve: true }) as Partial<CalendarFormValues> | undefined;
  const definition = previewDefinition({ ...initialValues, ...watched });
  const type = watched?.type ?? initialValues.type;
  const previewCompany = calendar?.company_code ?? companyCode;
  const candidates = calendars.filter(
    (other) => !(other.name === calendar?.name && other.company_code === calendar.company_code),
  );
  const name = calendar?.name ?? '';
  const title = readOnly ? t('viewTitle', { name }) : editing ? t('editTitle', { name }) : t('addTitle');

  return (
    <ResourceFormModal<CalendarFormValues>
      state={{ open, saving, onClose }}
      title={title}
      width="min(1180px, 96vw)"
      name="calendar"
      t={t}
      footer={readOnly ? <Button onClick={onClose}>{t('close')}</Button> : undefined}
      scrollBody
      form={form}
      initialValues={initialValues}
      onFinish={(values) => onSubmit({ ...initialValues, ...values })}
    >
      <Row gutter={24}>
        <Col xs={24} lg={11}>
          {readOnly && (
            <Alert type="info" showIcon title={t('readOnlyShared')} style={{ marginBottom: 12 }} />
          )}
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
              <Col span={12}>
                <Form.Item name="type" label={t('type')}>
                  <Select
                    options={CALENDAR_TYPES.map((value) => ({ value, label: words.typeName(value) }))}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="tz" label={t('timeZone')} extra={t('timeZoneHint')}>
                  <Select
                    showSearch
                    options={[
                      { value: '', label: t('timeZoneTrigger') },
                      ...TIME_ZONES.map((zone) => ({ value: zone, label: zone })),
                    ]}
                  />
                </Form.Item>
              </Col>
            </Row>
            <CalendarTypeFields type={type} />
            <Form.Item name="base" label={t('base')} extra={t('baseHint')}>
              <BaseCalendarField candidates={candidates} />
            </Form.Item>
          </ConfigProvider>
        </Col>
        <Col xs={24} lg={13}>
          <CalendarMonthView companyCode={previewCompany} definition={definition} />
        </Col>
      </Row>
    </ResourceFormModal>
  );
}
