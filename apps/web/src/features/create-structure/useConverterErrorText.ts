import { ConverterError, formatConverterMessage, type ConverterErrorValues } from '@lis/converter';
import { useCallback } from 'react';
import { useLanguage, useT } from '../../platform/i18n/I18nProvider';
import { converterErrorMessages } from './converter-errors.i18n';
import { createStructureMessages } from './create-structure.i18n';
import { formatNumber } from './format-number';

/** Numbers as 5,242,880 in both languages (sizes and limits are read more easily grouped). */
function groupNumbers(values: ConverterErrorValues): ConverterErrorValues {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'number' ? formatNumber(value) : value,
    ]),
  );
}

/** The user's language's text for a converter refusal, or for anything else that stopped a conversion. */
export function useConverterErrorText(): (error: unknown) => string {
  const { language } = useLanguage();
  const t = useT(createStructureMessages);
  return useCallback(
    (error: unknown) => {
      if (error instanceof ConverterError) {
        return formatConverterMessage(
          converterErrorMessages[language][error.code],
          groupNumbers(error.values),
        );
      }
      return t('unexpected', { detail: error instanceof Error ? error.message : String(error) });
    },
    [language, t],
  );
}
