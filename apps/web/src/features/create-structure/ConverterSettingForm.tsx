import type { ConverterMode } from '@lis/converter';
import { Flex, Form, Input, Radio, Typography } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import type { SettingValues } from './converter-setting';
import { createStructureMessages } from './create-structure.i18n';

interface Props {
  value: SettingValues;
  /** The converter's refusal of the ranges or the delimiter, shown under the field. */
  error: string | null;
  onChange: (value: SettingValues) => void;
}

/** The delimiter setting: raw, fix_range with its ranges, a delimiter, or json. */
export function ConverterSettingForm({ value, error, onChange }: Props) {
  const t = useT(createStructureMessages);
  const modes: { value: ConverterMode; label: string }[] = [
    { value: 'raw', label: t('raw') },
    { value: 'fix_range', label: t('fixRange') },
    { value: 'delimiter', label: t('delimiterMode') },
    { value: 'json', label: t('json') },
  ];
  const fieldStatus = error ? 'error' : undefined;

  return (
    <Form layout="vertical" component="div">
      <Form.Item label={t('setting')} htmlFor="converter-mode" style={{ marginBottom: 12 }}>
        <Radio.Group
          id="converter-mode"
          optionType="button"
          buttonStyle="solid"
          options={modes}
          value={value.mode}
          onChange={(event) => onChange({ ...value, mode: event.target.value as ConverterMode })}
        />
      </Form.Item>
      {value.mode === 'fix_range' && (
        <Form.Item
          label={t('ranges')}
          htmlFor="converter-ranges"
          validateStatus={fieldStatus}
          help={error ?? t('rangesHelp')}
          style={{ marginBottom: 0 }}
        >
          <Input
            id="converter-ranges"
            placeholder="1-10,11-20"
            value={value.ranges}
            onChange={(event) => onChange({ ...value, ranges: event.target.value })}
            style={{ maxWidth: 480 }}
          />
        </Form.Item>
      )}
      {value.mode === 'delimiter' && (
        <Form.Item
          label={t('delimiter')}
          htmlFor="converter-delimiter"
          validateStatus={fieldStatus}
          help={error ?? t('delimiterHelp')}
          style={{ marginBottom: 0 }}
        >
          <Input
            id="converter-delimiter"
            placeholder=","
            value={value.delimiter}
            onChange={(event) => onChange({ ...value, delimiter: event.target.value })}
            style={{ maxWidth: 160 }}
          />
        </Form.Item>
      )}
      {(value.mode === 'raw' || value.mode === 'json') && (
        <Flex>
          <Typography.Text type="secondary">
            {value.mode === 'raw' ? t('rawHelp') : t('jsonHelp')}
          </Typography.Text>
        </Flex>
      )}
    </Form>
  );
}
