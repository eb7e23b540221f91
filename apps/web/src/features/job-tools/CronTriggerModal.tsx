import { Button, Divider, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { useErrorText } from '../../ui/useErrorDialog';
import { CronBuilder } from './CronBuilder';
import { CronCheckPanel } from './CronCheckPanel';
import { buildCronExpression, DEFAULT_SCHEDULE } from './cron-builder';
import { jobToolsMessages } from './job-tools.i18n';
import { useCronCheck, useCronCheckNow } from './useCronCheck';

export interface CronTriggerModalProps {
  open: boolean;
  onClose: () => void;
  onOk: (expression: string) => void;
}

/**
 * The spec's Select Cron trigger modal (spec 001 §2): the description and next fires of the chosen
 * expression, an input with a Validator button, the cron builder and the chosen expression. Each
 * opening starts with the builder's first schedule chosen (OK accepts it as shown).
 */
export function CronTriggerModal({ open, onClose, onOk }: CronTriggerModalProps) {
  return open ? <CronTriggerDialog onClose={onClose} onOk={onOk} /> : null;
}

function CronTriggerDialog({ onClose, onOk }: Omit<CronTriggerModalProps, 'open'>) {
  const t = useT(jobToolsMessages);
  const errorText = useErrorText();
  const checkNow = useCronCheckNow();
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const [validating, setValidating] = useState(false);
  // The builder's first schedule is chosen from the start, so OK takes what the builder shows
  // without a hidden "Use" click (issue 17).
  const [chosen, setChosen] = useState(() => buildCronExpression(DEFAULT_SCHEDULE) ?? '');
  const check = useCronCheck(chosen);
  const chosenIsValid = chosen !== '' && check.result?.valid === true;

  const validate = async () => {
    const expression = typed.trim();
    if (!expression) return;
    setValidating(true);
    try {
      const answer = await checkNow(expression);
      if (answer.valid) {
        setChosen(expression);
        setTypedError(null);
      } else {
        // An invalid typed expression is chosen by nobody: OK does not fall back to the builder's.
        setChosen('');
        setTypedError(answer.message ?? '');
      }
    } catch (error) {
      setTypedError(errorText(error));
    } finally {
      setValidating(false);
    }
  };

  return (
    <Modal
      open
      title={t('cronTitle')}
      width="min(720px, 96vw)"
      centered
      // Taller than a 800 px window with five next fires and the builder: the body scrolls, OK stays seen.
      styles={{ body: { maxHeight: 'calc(100vh - 180px)', overflowY: 'auto', paddingInlineEnd: 8 } }}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('close')}
        </Button>,
        <Button key="ok" type="primary" disabled={!chosenIsValid} onClick={() => onOk(chosen)}>
          {t('ok')}
        </Button>,
      ]}
    >
      <Typography.Title level={5}>{t('cronDescription')}</Typography.Title>
      <CronCheckPanel expression={chosen} check={check} />
      <Divider />
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('cronExpression')}
          htmlFor="cron-expression-input"
          validateStatus={typedError === null ? undefined : 'error'}
          help={typedError ?? undefined}
        >
          <Flex gap={8}>
            <Input
              id="cron-expression-input"
              value={typed}
              maxLength={200}
              placeholder={t('cronExpressionPlaceholder')}
              style={{ fontFamily: 'monospace' }}
              onChange={(event) => {
                setTyped(event.target.value);
                setTypedError(null);
              }}
              onPressEnter={() => void validate()}
            />
            <Button loading={validating} disabled={!typed.trim()} onClick={() => void validate()}>
              {t('validator')}
            </Button>
          </Flex>
        </Form.Item>
      </Form>
      <Typography.Title level={5}>{t('builder')}</Typography.Title>
      <CronBuilder onBuild={(expression) => setChosen(expression ?? '')} />
      <Divider />
      <Form layout="vertical" component="div">
        <Form.Item label={t('chosenExpression')} htmlFor="cron-chosen-expression" style={{ marginBottom: 0 }}>
          <Input id="cron-chosen-expression" readOnly value={chosen} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
