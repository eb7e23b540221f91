import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useT } from '../../../platform/i18n/I18nProvider';
import { timelineMessages, type TimelineMessageKey } from './timeline.i18n';
import { activeRange, TIMELINE_RANGES, type TimelineRangeKey, type TimelineWindow } from './timeline-zoom';

const RANGE_KEYS = {
  '1h': { text: 'range1h', label: 'rangeLabel1h' },
  '6h': { text: 'range6h', label: 'rangeLabel6h' },
  '24h': { text: 'range24h', label: 'rangeLabel24h' },
} as const satisfies Record<TimelineRangeKey, { text: TimelineMessageKey; label: TimelineMessageKey }>;

export interface TimelineRangeBarProps {
  view: TimelineWindow;
  dayLength: number;
  /** `HH:mm` of a time of the day (ms since its start; the day's end is 24:00). */
  clockOf: (at: number) => string;
  onRange: (key: TimelineRangeKey) => void;
  onPan: (direction: -1 | 1) => void;
}

/**
 * The timeline's range buttons (1 h, 6 h, 24 h; the one shown is pressed), earlier / later, and the
 * part of the day shown. Plain buttons: reached with Tab, pressed with Enter or Space.
 */
export function TimelineRangeBar({ view, dayLength, clockOf, onRange, onPan }: TimelineRangeBarProps) {
  const t = useT(timelineMessages);
  const active = activeRange(view, dayLength);
  const wholeDay = view.start <= 0 && view.end >= dayLength;
  return (
    <Space size={8} wrap data-testid="day-timeline-range">
      <Space.Compact role="group" aria-label={t('range')}>
        {TIMELINE_RANGES.map(({ key }) => (
          <Button
            key={key}
            size="small"
            type={active === key ? 'primary' : 'default'}
            aria-pressed={active === key}
            aria-label={t(RANGE_KEYS[key].label)}
            title={t(RANGE_KEYS[key].label)}
            onClick={() => onRange(key)}
          >
            {t(RANGE_KEYS[key].text)}
          </Button>
        ))}
      </Space.Compact>
      <Space.Compact>
        <Button
          size="small"
          icon={<LeftOutlined />}
          aria-label={t('earlier')}
          title={t('earlier')}
          disabled={wholeDay || view.start <= 0}
          onClick={() => onPan(-1)}
        />
        <Button
          size="small"
          icon={<RightOutlined />}
          aria-label={t('later')}
          title={t('later')}
          disabled={wholeDay || view.end >= dayLength}
          onClick={() => onPan(1)}
        />
      </Space.Compact>
      <Typography.Text data-testid="day-timeline-window" title={t('zoomHint')}>
        {t('shownWindow', { from: clockOf(view.start), to: clockOf(view.end) })}
      </Typography.Text>
    </Space>
  );
}
