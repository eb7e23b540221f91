import { parseRanges, validateSetting, type ConverterMode, type ConverterSetting } from '@lis/converter';

/** What the setting form holds: the mode and the text typed for it. */
export interface SettingValues {
  mode: ConverterMode;
  /** fix_range: `1-10,11-20` (1-based, inclusive character positions). */
  ranges: string;
  /** delimiter: `,` `|` … ; `\t` stands for a tab, which a text box cannot take. */
  delimiter: string;
}

export const DEFAULT_SETTING_VALUES: SettingValues = { mode: 'raw', ranges: '', delimiter: ',' };

/** `\t` typed in the delimiter box means a tab character. */
export function delimiterFromText(text: string): string {
  return text.replaceAll('\\t', '\t');
}

/** The converter's setting for the form's values; throws the converter's `ConverterError` when invalid. */
export function toConverterSetting(values: SettingValues): ConverterSetting {
  const setting: ConverterSetting =
    values.mode === 'fix_range'
      ? { mode: 'fix_range', ranges: parseRanges(values.ranges) }
      : values.mode === 'delimiter'
        ? { mode: 'delimiter', delimiter: delimiterFromText(values.delimiter) }
        : { mode: values.mode };
  validateSetting(setting);
  return setting;
}
