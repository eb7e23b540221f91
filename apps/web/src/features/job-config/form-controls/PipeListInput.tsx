import { CloseOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../../platform/i18n/I18nProvider';
import { formControlsMessages } from './form-controls.i18n';
import { addToPipeList, removeFromPipeList, splitPipeList } from './pipe-list';

export interface PipeListInputProps {
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
}

/**
 * An antd-Form control for a `|`-joined list: type an entry and press Add (or Enter); entries show as
 * removable tags. Spaces are removed, empty entries and duplicates ignored.
 */
export function PipeListInput({
  value,
  onChange,
  placeholder,
  disabled,
  id,
  'aria-label': ariaLabel,
}: PipeListInputProps) {
  const t = useT(formControlsMessages);
  const [draft, setDraft] = useState('');

  const add = () => {
    const next = addToPipeList(value, draft);
    if (next !== (value ?? '')) onChange?.(next);
    setDraft('');
  };

  return (
    <Flex vertical gap={6} style={{ minWidth: 0 }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          aria-label={ariaLabel}
          value={draft}
          placeholder={placeholder}
          disabled={disabled}
          onChange={(event) => setDraft(event.target.value)}
          onPressEnter={(event) => {
            event.preventDefault();
            add();
          }}
        />
        <Button
          onClick={add}
          disabled={disabled}
          aria-label={ariaLabel ? `${t('add')} ${ariaLabel}` : t('add')}
        >
          {t('add')}
        </Button>
      </Space.Compact>
      <PipeEntryTags
        value={value}
        onChange={disabled ? undefined : onChange}
        label={ariaLabel}
        empty={t('empty')}
        removeLabel={(entry) => t('remove', { item: entry })}
      />
    </Flex>
  );
}

interface PipeEntryTagsProps {
  /** The `|`-joined list. */
  value?: string;
  /** Without it the tags have no ✕ (a disabled control). */
  onChange?: (value: string) => void;
  /** The list's accessible name. */
  label?: string;
  /** What shows when the list is empty. */
  empty: string;
  removeLabel: (entry: string) => string;
}

/** The entries of a `|`-joined list as tags (ids: never translated, wrapping), each with its ✕. */
export function PipeEntryTags({ value, onChange, label, empty, removeLabel }: PipeEntryTagsProps) {
  const entries = splitPipeList(value);
  if (entries.length === 0) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <Flex wrap gap={4} role="list" aria-label={label}>
      {entries.map((entry) => (
        <Tag
          key={entry}
          role="listitem"
          translate="no"
          style={{ maxWidth: '100%', whiteSpace: 'normal', wordBreak: 'break-all', marginInlineEnd: 0 }}
        >
          {entry}
          {onChange && (
            <Button
              type="text"
              size="small"
              aria-label={removeLabel(entry)}
              icon={<CloseOutlined />}
              onClick={() => onChange(removeFromPipeList(value, entry))}
              style={{ marginInlineStart: 4, height: 16, width: 16, minWidth: 16 }}
            />
          )}
        </Tag>
      ))}
    </Flex>
  );
}
