import type { EMAIL_KINDS } from '@lis/contracts';
import { Card, Col, Form, Row } from 'antd';
import { useT } from '../../../platform/i18n/I18nProvider';
import { formControlsMessages } from './form-controls.i18n';
import { PipeListInput } from './PipeListInput';
import { YesNoSwitch } from './YesNoSwitch';

export type EmailKind = (typeof EMAIL_KINDS)[number];

export interface EmailNotificationSectionProps {
  kind: EmailKind;
  title: string;
}

/** One e-mail block of the job form: To, Cc and Bcc lists (`|`-joined) and the Y/N active switch. */
export function EmailNotificationSection({ kind, title }: EmailNotificationSectionProps) {
  const t = useT(formControlsMessages);
  const parts = [
    { part: 'to', label: t('to') },
    { part: 'cc', label: t('cc') },
    { part: 'bcc', label: t('bcc') },
  ] as const;
  return (
    <Card size="small" title={title} data-testid={`email-section-${kind}`}>
      <Row gutter={16}>
        {parts.map(({ part, label }) => (
          <Col key={part} xs={24} md={8}>
            <Form.Item name={`${kind}_${part}`} label={label}>
              <PipeListInput placeholder={t('emailPlaceholder')} aria-label={`${title} ${label}`} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Form.Item name={`${kind}_is_active`} label={t('active')} style={{ marginBottom: 0 }}>
        <YesNoSwitch aria-label={`${title} ${t('active')}`} />
      </Form.Item>
    </Card>
  );
}

type EmailTitleKey = 'emailFinished' | 'emailWarning' | 'emailError' | 'emailFunctionError';

/** The four e-mail blocks of a job form (finished, warning, error, function error), in the form's words. */
export function EmailNotificationSections({ t }: { t: (key: EmailTitleKey) => string }) {
  return (
    <>
      <EmailNotificationSection kind="email_finished" title={t('emailFinished')} />
      <EmailNotificationSection kind="email_warning" title={t('emailWarning')} />
      <EmailNotificationSection kind="email_error" title={t('emailError')} />
      <EmailNotificationSection kind="f1_function_error_email" title={t('emailFunctionError')} />
    </>
  );
}
