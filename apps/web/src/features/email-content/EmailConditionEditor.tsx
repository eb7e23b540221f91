import { EyeOutlined } from '@ant-design/icons';
import { EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX } from '@lis/contracts';
import { Button, Flex, Form, Input, Typography, type InputRef } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import type { EmailTemplate } from './email-content-api';
import { emailMessages } from './email-content.i18n';
import { TEMPLATE_VARIABLES } from './email-preview';

interface Props {
  id: string;
  value: EmailTemplate;
  onChange: (next: EmailTemplate) => void;
  onPreview: () => void;
  disabled: boolean;
}

type Field = 'subject' | 'body';

/** The subject and the HTML body of one condition, with the template variables as insertable tags. */
export function EmailConditionEditor({ id, value, onChange, onPreview, disabled }: Props) {
  const t = useT(emailMessages);
  const subjectRef = useRef<InputRef>(null);
  const bodyRef = useRef<TextAreaRef>(null);
  const lastField = useRef<Field>('body');

  const insert = (variable: string) => {
    const field = lastField.current;
    const element =
      field === 'subject' ? subjectRef.current?.input : bodyRef.current?.resizableTextArea?.textArea;
    const current = value[field];
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? current.length;
    onChange({ ...value, [field]: current.slice(0, start) + variable + current.slice(end) });
    const caret = start + variable.length;
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
    });
  };

  return (
    <Form layout="vertical" component="div" disabled={disabled}>
      <Form.Item label={t('subject')} htmlFor={`${id}-subject`} style={{ marginBottom: 12 }}>
        <Input
          id={`${id}-subject`}
          ref={subjectRef}
          value={value.subject}
          maxLength={EMAIL_SUBJECT_MAX}
          onFocus={() => (lastField.current = 'subject')}
          onChange={(event) => onChange({ ...value, subject: event.target.value })}
        />
      </Form.Item>
      <Flex gap={8} align="center" wrap style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">{t('variables')}:</Typography.Text>
        {TEMPLATE_VARIABLES.map((variable) => (
          <Button
            key={variable}
            size="small"
            type="dashed"
            title={t('insertHint')}
            // Keep the focus (and the caret) in the field being edited.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => insert(variable)}
            style={{ fontFamily: 'monospace' }}
          >
            {variable}
          </Button>
        ))}
      </Flex>
      <Form.Item label={t('body')} htmlFor={`${id}-body`} extra={t('bodyHint')} style={{ marginBottom: 12 }}>
        <Input.TextArea
          id={`${id}-body`}
          ref={bodyRef}
          value={value.body}
          maxLength={EMAIL_BODY_MAX}
          autoSize={{ minRows: 8, maxRows: 16 }}
          spellCheck={false}
          style={{ fontFamily: 'monospace', fontSize: 13 }}
          onFocus={() => (lastField.current = 'body')}
          onChange={(event) => onChange({ ...value, body: event.target.value })}
        />
      </Form.Item>
      <Button icon={<EyeOutlined />} onClick={onPreview}>
        {t('preview')}
      </Button>
    </Form>
  );
}
