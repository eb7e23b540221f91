import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { Button, Input, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useT } from '../../../platform/i18n/I18nProvider';
import { formControlsMessages } from './form-controls.i18n';

export interface LockedInputProps {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  placeholder?: string;
  /** Disabled regardless of the lock (e.g. the whole form is read-only). */
  disabled?: boolean;
  'aria-label'?: string;
}

/**
 * An Input for a default-valued path: disabled until its unlock button is pressed (spec 001 §3
 * "locked until unlocked"). Unlocking lasts as long as the control is mounted.
 */
export function LockedInput({
  value,
  onChange,
  id,
  placeholder,
  disabled,
  'aria-label': ariaLabel,
}: LockedInputProps) {
  const t = useT(formControlsMessages);
  const [unlocked, setUnlocked] = useState(false);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        aria-label={ariaLabel}
        value={value}
        placeholder={placeholder}
        disabled={disabled || !unlocked}
        onChange={(event) => onChange?.(event.target.value)}
      />
      <Tooltip title={unlocked ? t('lock') : t('unlock')}>
        <Button
          aria-label={ariaLabel ? `${t('unlock')}: ${ariaLabel}` : t('unlock')}
          aria-pressed={unlocked}
          icon={unlocked ? <UnlockOutlined /> : <LockOutlined />}
          disabled={disabled || unlocked}
          onClick={() => setUnlocked(true)}
        />
      </Tooltip>
    </Space.Compact>
  );
}
