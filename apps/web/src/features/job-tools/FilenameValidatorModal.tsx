import { FILENAME_REGEX_MAX, FILENAME_SAMPLE_MAX, type ErrorCode } from '@lis/contracts';
import { CloseOutlined } from '@ant-design/icons';
import { Button, Col, Flex, Form, Input, Modal, Row, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../platform/api/http';
import { useT } from '../../platform/i18n/I18nProvider';
import { isNetworkError } from '../../ui/error-message';
import { useErrorText } from '../../ui/useErrorDialog';
import { addSample, removeSample } from './filename-samples';
import { FilenameValidationResult, type FilenameValidation } from './FilenameValidationResult';
import { jobToolsMessages } from './job-tools.i18n';
import { validateFilenames } from './job-tools-api';

/** The server could not use the filename format (its message says why). */
const FORMAT_REFUSALS: ReadonlySet<ErrorCode> = new Set([
  'FILENAME_REGEX_INVALID',
  'FILENAME_REGEX_TOO_LONG',
  'FILENAME_REGEX_TOO_SLOW',
]);

export interface FilenameValidatorModalProps {
  open: boolean;
  initialRegex: string;
  onClose: () => void;
  onOk: (regex: string) => void;
}

/**
 * The spec's sFTP Source Format Filename Validate modal: a regex, sample filenames, and the samples
 * the whole regex matches (asked of the server, which runs the same matcher as the jobs). OK copies
 * the regex back; Close discards. Each opening starts from `initialRegex` and no samples.
 */
export function FilenameValidatorModal({ open, ...props }: FilenameValidatorModalProps) {
  return open ? <FilenameValidatorDialog {...props} /> : null;
}

function FilenameValidatorDialog({ initialRegex, onClose, onOk }: Omit<FilenameValidatorModalProps, 'open'>) {
  const t = useT(jobToolsMessages);
  const errorText = useErrorText();
  const [regex, setRegex] = useState(initialRegex);
  const [typedSample, setTypedSample] = useState('');
  const [samples, setSamples] = useState<readonly string[]>([]);
  const [validation, setValidation] = useState<FilenameValidation | null>(null);
  const [validating, setValidating] = useState(false);

  const changeSamples = (next: readonly string[]) => {
    if (next === samples) return;
    setSamples(next);
    setValidation(null);
  };

  const addTypedSample = () => {
    changeSamples(addSample(samples, typedSample));
    setTypedSample('');
  };

  const validate = async () => {
    if (samples.length === 0) return setValidation({ kind: 'needSamples' });
    if (!regex) return setValidation({ kind: 'needRegex' });
    setValidating(true);
    try {
      const answer = await validateFilenames(regex, samples);
      setValidation({ kind: 'matched', names: answer.result_list });
    } catch (error) {
      if (isNetworkError(error)) setValidation({ kind: 'unreachable', message: errorText(error) });
      else if (error instanceof ApiError && error.code !== undefined && FORMAT_REFUSALS.has(error.code))
        setValidation({ kind: 'invalidRegex', message: error.message });
      else setValidation({ kind: 'failed', message: errorText(error) });
    } finally {
      setValidating(false);
    }
  };

  return (
    <Modal
      open
      title={t('filenameTitle')}
      width="min(760px, 96vw)"
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('close')}
        </Button>,
        <Button key="ok" type="primary" onClick={() => onOk(regex)}>
          {t('ok')}
        </Button>,
      ]}
    >
      <Form layout="vertical" component="div">
        <Form.Item label={t('regex')} htmlFor="filename-regex-input">
          <Input
            id="filename-regex-input"
            value={regex}
            maxLength={FILENAME_REGEX_MAX}
            style={{ fontFamily: 'monospace' }}
            onChange={(event) => {
              setRegex(event.target.value);
              setValidation(null);
            }}
          />
        </Form.Item>
        <Form.Item label={t('sample')} htmlFor="filename-sample-input">
          <Flex gap={8}>
            <Input
              id="filename-sample-input"
              value={typedSample}
              maxLength={FILENAME_SAMPLE_MAX}
              placeholder={t('samplePlaceholder')}
              onChange={(event) => setTypedSample(event.target.value)}
              onPressEnter={addTypedSample}
            />
            <Button onClick={addTypedSample}>{t('addSample')}</Button>
            <Button type="primary" ghost loading={validating} onClick={() => void validate()}>
              {t('validate')}
            </Button>
          </Flex>
        </Form.Item>
      </Form>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <SampleList samples={samples} onRemove={(name) => changeSamples(removeSample(samples, name))} />
        </Col>
        <Col xs={24} md={12}>
          <FilenameValidationResult validation={validation} />
        </Col>
      </Row>
    </Modal>
  );
}

function SampleList({ samples, onRemove }: { samples: readonly string[]; onRemove: (name: string) => void }) {
  const t = useT(jobToolsMessages);
  return (
    <section aria-label={t('samples')} data-testid="filename-samples">
      <Typography.Title level={5}>{t('samples')}</Typography.Title>
      {samples.length === 0 && <Typography.Text type="secondary">{t('noSamples')}</Typography.Text>}
      <ul style={{ listStyle: 'none', padding: 0, margin: 0, maxHeight: 240, overflowY: 'auto' }}>
        {samples.map((name) => (
          <li key={name} data-testid="filename-sample">
            <Flex align="center" justify="space-between" gap={8}>
              <Typography.Text code style={{ wordBreak: 'break-all' }}>
                {name}
              </Typography.Text>
              <Button
                size="small"
                type="text"
                danger
                aria-label={t('removeSample', { name })}
                icon={<CloseOutlined />}
                onClick={() => onRemove(name)}
              />
            </Flex>
          </li>
        ))}
      </ul>
    </section>
  );
}
