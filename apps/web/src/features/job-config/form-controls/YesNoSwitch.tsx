import { Switch } from 'antd';
import { useT } from '../../../platform/i18n/I18nProvider';
import { formControlsMessages } from './form-controls.i18n';

export type YesNo = 'Y' | 'N';

export interface YesNoSwitchProps {
  value?: YesNo | string;
  onChange?: (value: YesNo) => void;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
}

/** An antd-Form control for the spec's Y/N flags: a switch that is on for 'Y'. */
export function YesNoSwitch({ value, onChange, disabled, id, 'aria-label': ariaLabel }: YesNoSwitchProps) {
  const t = useT(formControlsMessages);
  return (
    <Switch
      id={id}
      aria-label={ariaLabel}
      checked={value === 'Y'}
      disabled={disabled}
      checkedChildren={t('yes')}
      unCheckedChildren={t('no')}
      onChange={(checked) => onChange?.(checked ? 'Y' : 'N')}
    />
  );
}
