import { Col, Flex, Form, InputNumber, Row, Switch, TimePicker, Typography, type FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import { useT } from '../../../platform/i18n/I18nProvider';
import { messageRule } from '../../../ui/resource/form-fields';
import { zoneLabel } from '../../../ui/table-dates';
import {
  checkDeadline,
  checkMaxFiles,
  checkMinFiles,
  checkMinSize,
  checkWarn,
  FILES_MAX,
  sizeText,
  TIME_FORMAT,
  WARN_MAX_MINUTES,
  type ExpectationCheck,
} from './expectation-form';
import { expectationMessages } from './expectation.i18n';

const field = (name: string) => ['expectation', name];

/**
 * The job's file deadline (issue 35): whether it expects files by a time of each day it runs, the
 * warning lead time, and how many files of which size count as arrived. The fields show only when it
 * is switched on; their values stay in the form when it is switched off (saved: deleted).
 */
export function ExpectationSection() {
  const t = useT(expectationMessages);
  const form = Form.useFormInstance();
  // `preserve`: the size's field mounts only once the section is on, and is read before it.
  const enabled = Form.useWatch(field('enabled'), { form, preserve: true }) as boolean | undefined;
  const minSize = Form.useWatch(field('min_size_bytes'), { form, preserve: true }) as
    number | null | undefined;
  const rule = (check: (value: unknown) => ExpectationCheck | undefined) =>
    messageRule<ExpectationCheck, unknown>(t, check);
  const dependent =
    (other: string, check: (value: unknown, other: unknown) => ExpectationCheck | undefined): FormRule =>
    ({ getFieldValue }) => ({
      validator: (_, value: unknown) => {
        const key = check(value, getFieldValue(field(other)));
        return key ? Promise.reject(new Error(t(key))) : Promise.resolve();
      },
    });
  const number = { precision: 0, style: { width: '100%' } } as const;

  return (
    <>
      <Flex align="center" gap={8} style={{ marginBottom: enabled ? 16 : 4 }}>
        <Form.Item name={field('enabled')} valuePropName="checked" noStyle>
          <Switch aria-label={t('enabled')} />
        </Form.Item>
        <Typography.Text>{t('enabled')}</Typography.Text>
      </Flex>
      {!enabled ? (
        <Typography.Text type="secondary" data-testid="deadline-off">
          {t('offHint')}
        </Typography.Text>
      ) : (
        <Row gutter={16}>
          <Col xs={24} sm={12} lg={5}>
            <Form.Item
              name={field('deadline')}
              label={t('deadline')}
              required
              extra={t('deadlineHint', { zone: zoneLabel() })}
              rules={[messageRule<ExpectationCheck, Dayjs | null | undefined>(t, checkDeadline)]}
            >
              <TimePicker
                format={TIME_FORMAT}
                placeholder={TIME_FORMAT}
                minuteStep={5}
                needConfirm={false}
                aria-label={t('deadline')}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={5}>
            <Form.Item
              name={field('warn_before_minutes')}
              label={t('warnBefore')}
              required
              extra={t('warnHint')}
              dependencies={[field('deadline')]}
              rules={[dependent('deadline', (value, deadline) => checkWarn(value, deadline as Dayjs | null))]}
            >
              <InputNumber<number>
                {...number}
                min={0}
                max={WARN_MAX_MINUTES}
                suffix={t('minutes')}
                aria-label={t('warnBefore')}
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6} lg={3}>
            <Form.Item name={field('min_files')} label={t('minFiles')} required rules={[rule(checkMinFiles)]}>
              <InputNumber<number> {...number} min={1} max={FILES_MAX} aria-label={t('minFiles')} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6} lg={4}>
            <Form.Item
              name={field('max_files')}
              label={t('maxFiles')}
              extra={t('maxFilesHint')}
              dependencies={[field('min_files')]}
              rules={[dependent('min_files', checkMaxFiles)]}
            >
              <InputNumber<number> {...number} min={1} max={FILES_MAX} aria-label={t('maxFiles')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={7}>
            <Form.Item
              name={field('min_size_bytes')}
              label={t('minSize')}
              required
              extra={t('minSizeHint', {
                size: sizeText(typeof minSize === 'number' ? minSize : 0, t('bytes')),
              })}
              rules={[rule(checkMinSize)]}
            >
              <InputNumber<number> {...number} min={0} aria-label={t('minSize')} />
            </Form.Item>
          </Col>
        </Row>
      )}
    </>
  );
}
