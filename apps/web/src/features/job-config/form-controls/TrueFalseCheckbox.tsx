import { Checkbox } from 'antd';
import type { ReactNode } from 'react';

export type TrueFalse = 'True' | 'False';

export interface TrueFalseCheckboxProps {
  value?: TrueFalse | string;
  onChange?: (value: TrueFalse) => void;
  disabled?: boolean;
  id?: string;
  children?: ReactNode;
}

/** An antd-Form control for the spec's 'True'/'False' text flags (ImportantJob). */
export function TrueFalseCheckbox({ value, onChange, disabled, id, children }: TrueFalseCheckboxProps) {
  return (
    <Checkbox
      id={id}
      checked={value === 'True'}
      disabled={disabled}
      onChange={(event) => onChange?.(event.target.checked ? 'True' : 'False')}
    >
      {children}
    </Checkbox>
  );
}
