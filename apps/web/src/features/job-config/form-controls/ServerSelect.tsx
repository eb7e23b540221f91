import { App, Select } from 'antd';
import { useT } from '../../../platform/i18n/I18nProvider';
import { formControlsMessages } from './form-controls.i18n';
import type { ServerOption } from './server-options-api';

export interface ServerSelectProps {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  /** The company whose servers `options` are; choosing a server needs one (spec 001 §5). */
  companyCode: string;
  options: ServerOption[];
  loading?: boolean;
  disabled?: boolean;
  'aria-label'?: string;
}

/**
 * An antd-Form control choosing one of a company's servers. With no company chosen it warns
 * 'Please fill in complete data' instead of opening; an empty list shows 'No data'.
 */
export function ServerSelect({
  value,
  onChange,
  id,
  companyCode,
  options,
  loading,
  disabled,
  'aria-label': ariaLabel,
}: ServerSelectProps) {
  const t = useT(formControlsMessages);
  const { modal } = App.useApp();
  const noCompany = companyCode === '';
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      value={value || undefined}
      onChange={(next: string | undefined) => onChange?.(next ?? '')}
      options={options}
      loading={loading}
      disabled={disabled}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      open={noCompany ? false : undefined}
      onOpenChange={(open) => {
        if (open && noCompany)
          modal.warning({ title: t('fillInComplete'), content: t('chooseCompanyFirst') });
      }}
      notFoundContent={t('noData')}
      style={{ width: '100%' }}
    />
  );
}
