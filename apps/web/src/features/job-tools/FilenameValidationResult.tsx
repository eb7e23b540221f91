import { Alert, Typography } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { jobToolsMessages } from './job-tools.i18n';

/** What the Validate button came to: the matched names, or why there are none. */
export type FilenameValidation =
  | { kind: 'matched'; names: readonly string[] }
  | { kind: 'needSamples' }
  | { kind: 'needRegex' }
  /** 400: the server could not compile the regex (its message says why). */
  | { kind: 'invalidRegex'; message: string }
  /** No answer at all (spec 001 §8: a warning with the error text). */
  | { kind: 'unreachable'; message: string }
  | { kind: 'failed'; message: string };

export function FilenameValidationResult({ validation }: { validation: FilenameValidation | null }) {
  const t = useT(jobToolsMessages);
  return (
    <section aria-label={t('matched')} data-testid="filename-matched">
      <Typography.Title level={5}>{t('matched')}</Typography.Title>
      {validation?.kind === 'needSamples' && <Alert type="warning" showIcon title={t('addListFirst')} />}
      {validation?.kind === 'needRegex' && <Alert type="warning" showIcon title={t('regexRequired')} />}
      {validation?.kind === 'invalidRegex' && (
        <Alert type="error" showIcon title={t('regexInvalid')} description={validation.message} />
      )}
      {validation?.kind === 'unreachable' && (
        <Alert type="warning" showIcon title={t('validateFailed')} description={validation.message} />
      )}
      {validation?.kind === 'failed' && (
        <Alert type="error" showIcon title={t('validateFailed')} description={validation.message} />
      )}
      {validation?.kind === 'matched' &&
        (validation.names.length === 0 ? (
          <Typography.Text type="secondary">{t('noMatches')}</Typography.Text>
        ) : (
          <ul style={{ paddingInlineStart: 20, margin: 0, maxHeight: 240, overflowY: 'auto' }}>
            {validation.names.map((name) => (
              <li key={name} data-testid="filename-match">
                <Typography.Text code style={{ wordBreak: 'break-all' }}>
                  {name}
                </Typography.Text>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
