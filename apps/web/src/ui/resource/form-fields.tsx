import { CheckCircleOutlined } from '@ant-design/icons';
import { Form, Input, Select, Space, Tag, type FormRule } from 'antd';
import type { ReactNode } from 'react';

/** Turns a pure check (answering a message key, or nothing) into an antd rule with the screen's words. */
export function messageRule<K extends string, V = string | undefined>(
  t: (key: K) => string,
  check: (value: V) => K | undefined,
): FormRule {
  return {
    validator: (_, value: V) => {
      const key = check(value);
      return key ? Promise.reject(new Error(t(key))) : Promise.resolve();
    },
  };
}

export interface CompanyOption {
  value: string;
  label: string;
}

/** What a form's Company select offers (`useAdminCompanies` gives it): the options, and whether they load. */
export interface CompanyChoices {
  options: readonly CompanyOption[];
  loading: boolean;
}

/** The choices with a label for any code ("CODE · Name"; `name` when the record carries its own). */
export interface LabelledCompanyChoices extends CompanyChoices {
  label: (code: string, name?: string) => string;
}

/** The one company offered, else '': an Add form starts with it chosen. */
export const onlyCompany = ({ options }: CompanyChoices) => (options.length === 1 ? options[0]!.value : '');

/** Editing a record of a company not in the options (e.g. no longer active): it is still shown. */
export function withRecordCompany(
  options: readonly CompanyOption[],
  recordCompany: string | undefined,
  label: (code: string) => string,
): CompanyOption[] {
  if (!recordCompany || options.some((option) => option.value === recordCompany)) return [...options];
  return [{ value: recordCompany, label: label(recordCompany) }, ...options];
}

interface CompanySelectProps {
  options: readonly CompanyOption[];
  loading: boolean;
  placeholder: string;
  /** The company of a saved record is fixed. */
  disabled: boolean;
  'aria-label'?: string;
  value?: string;
  onChange?: (value: string) => void;
}

/** The Company select of an Add/Edit form, searchable by label. */
export function CompanySelect({ options, ...props }: CompanySelectProps) {
  return <Select showSearch={{ optionFilterProp: 'label' }} options={[...options]} {...props} />;
}

interface KeyInputProps {
  maxLength: number;
  /** A saved record's key is shown, not edited. */
  editing: boolean;
  placeholder?: string;
  value?: string;
  onChange?: React.ChangeEventHandler<HTMLInputElement>;
}

/** A record's key (server id, company code): typed once, read-only when editing. */
export function KeyInput({ editing, ...props }: KeyInputProps) {
  return (
    <Input
      readOnly={editing}
      variant={editing ? 'filled' : undefined}
      autoComplete="off"
      spellCheck={false}
      {...props}
    />
  );
}

interface TextInputProps {
  maxLength: number;
  placeholder?: string;
  value?: string;
  onChange?: React.ChangeEventHandler<HTMLInputElement>;
}

/** A value typed exactly (an address, a user name): no autocomplete, no spelling marks. */
export function PlainInput(props: TextInputProps) {
  return <Input autoComplete="off" spellCheck={false} {...props} />;
}

/** A write-only secret (password, token): masked, never offered by the browser's saved passwords. */
export function SecretInput(props: TextInputProps) {
  return <Input.Password autoComplete="new-password" {...props} />;
}

/** A write-only secret's label, with a green 'stored' tag when the record already holds one. */
function StoredSecretLabel({
  label,
  stored,
  storedText,
}: {
  label: ReactNode;
  stored: boolean;
  storedText: string;
}) {
  return (
    <Space size={8}>
      {label}
      {stored && (
        <Tag color="green" icon={<CheckCircleOutlined />}>
          {storedText}
        </Tag>
      )}
    </Space>
  );
}

interface StoredSecretFieldProps {
  name: string;
  label: string;
  /** The edited record holds one (the label shows `storedText`). */
  stored: boolean;
  storedText: string;
  /** The hint below: what a blank field does. */
  extra: string;
  maxLength: number;
  required?: boolean;
  rules?: FormRule[];
}

/** A write-only secret's field: its label with the 'stored' tag, the hint, the masked input. */
export function StoredSecretField({ label, stored, storedText, maxLength, ...item }: StoredSecretFieldProps) {
  return (
    <Form.Item label={<StoredSecretLabel label={label} stored={stored} storedText={storedText} />} {...item}>
      <SecretInput maxLength={maxLength} />
    </Form.Item>
  );
}
