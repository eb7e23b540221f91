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
  const entries = splitPipeList(value);

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
      {entries.length === 0 ? (
        <Typography.Text type="secondary">{t('empty')}</Typography.Text>
      ) : (
        <Flex wrap gap={4} role="list" aria-label={ariaLabel}>
          {entries.map((entry) => (
            <Tag
              key={entry}
              role="listitem"
              translate="no"
              style={{ maxWidth: '100%', whiteSpace: 'normal', wordBreak: 'break-all', marginInlineEnd: 0 }}
            >
              {entry}
              {disabled ? null : (
                <RemoveEntryButton
                  label={t('remove', { item: entry })}
                  onClick={() => onChange?.(removeFromPipeList(value, entry))}
                />
              )}
            </Tag>
          ))}
        </Flex>
      )}
    </Flex>
  );
}

/** The small ✕ at the end of an entry's tag. */
export function RemoveEntryButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      type="text"
      size="small"
      aria-label={label}
      icon={<CloseOutlined />}
      onClick={onClick}
      style={{ marginInlineStart: 4, height: 16, width: 16, minWidth: 16 }}
    />
  );
}
