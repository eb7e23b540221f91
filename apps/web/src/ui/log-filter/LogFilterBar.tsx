import { CopyOutlined, FilterOutlined } from '@ant-design/icons';
import { App, Button, Flex, Input, Select, Tooltip, Typography } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { logFilterMessages } from './log-filter.i18n';
import { logLinesText, matchParts } from './log-filter';
import type { LogSearch } from './useLogFilter';
import { copyText } from '../copy-text';
import { TextWithIds } from '../IdText';
import './log-filter.css';

interface Props<Row> {
  /** The screen's filter over its loaded lines (`useLogFilter`). */
  search: LogSearch<Row>;
  /** How many lines are loaded. */
  loaded: number;
  /** A level's label (e.g. the Application Log's S/E as Success/Error); default: as it is. */
  levelLabel?: (level: string) => string;
  /** A shown line's fields, as Copy puts them on the clipboard (tab-separated). */
  line: (row: Row) => readonly string[];
  /** Puts text on the clipboard (default: `copyText`). */
  copy?: (text: string) => Promise<void>;
}

/**
 * The searchable log's bar (issue 31 §8, decision 0029): levels, a text to find (matches highlighted
 * by `Highlight`), how many lines are shown, and Copy of the shown lines. It filters what is loaded.
 */
export function LogFilterBar<Row>({ search, loaded, levelLabel, line, copy = copyText }: Props<Row>) {
  const t = useT(logFilterMessages);
  const { message } = App.useApp();
  const { filter, setFilter: onChange, levels } = search;
  const shown = search.shown.length;
  const onCopy = () => {
    copy(logLinesText(search.shown, line)).then(
      () => void message.success(t('copied', { count: shown })),
      () => void message.error(t('copyFailed')),
    );
  };
  return (
    <Flex className="log-filter-bar" gap={8} wrap align="center" data-testid="log-filter-bar">
      <Select
        mode="multiple"
        allowClear
        size="small"
        aria-label={t('levels')}
        placeholder={t('allLevels')}
        style={{ minWidth: 160 }}
        value={[...filter.levels]}
        onChange={(value: string[]) => onChange({ ...filter, levels: value })}
        options={levels.map((level) => ({ value: level, label: levelLabel ? levelLabel(level) : level }))}
      />
      <Tooltip title={t('scope')}>
        {/* Filters as one types: no button (a second "Search" beside the screen's own would confuse). */}
        <Input
          type="search"
          size="small"
          allowClear
          prefix={<FilterOutlined aria-hidden />}
          aria-label={t('search')}
          placeholder={t('search')}
          style={{ width: 260 }}
          value={filter.text}
          onChange={(event) => onChange({ ...filter, text: event.target.value })}
        />
      </Tooltip>
      <Typography.Text type="secondary" data-testid="log-filter-count">
        {t('shown', { shown, loaded })}
      </Typography.Text>
      <Button size="small" icon={<CopyOutlined />} disabled={shown === 0} onClick={onCopy}>
        {t('copy')}
      </Button>
    </Flex>
  );
}

/** `text` with the matches of `query` marked (text only: React text nodes in `<mark>`). */
export function Highlight({ text, query }: { text: string; query: string }) {
  const parts = matchParts(text, query);
  if (parts.length === 1 && !parts[0]?.match) return <TextWithIds text={text} />;
  return (
    <>
      {parts.map((part, index) =>
        part.match ? (
          <mark key={index} className="log-filter-match">
            <TextWithIds text={part.text} />
          </mark>
        ) : (
          <span key={index}>
            <TextWithIds text={part.text} />
          </span>
        ),
      )}
    </>
  );
}
