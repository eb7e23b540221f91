import { ClockCircleOutlined, LeftOutlined, RightOutlined, StopOutlined } from '@ant-design/icons';
import { WEEKDAYS, type CalendarDefinition, type CalendarPreviewResponse } from '@lis/contracts';
import { Alert, Button, Flex, Spin, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useLanguage, useT } from '../../platform/i18n/I18nProvider';
import { useErrorText } from '../../ui/useErrorDialog';
import { cellTime, exactTime, monthOf, monthWeeks, parseMonth, shiftMonth } from './month-grid';
import { monthViewMessages } from './month-view.i18n';
import { useMonthPreview } from './useMonthPreview';
import './calendar-month.css';

type PreviewDay = CalendarPreviewResponse['days'][number];

interface Props {
  companyCode: string;
  /** The calendar as the editor shows it now; undefined while it is incomplete. */
  definition: CalendarDefinition | undefined;
  /** The month shown first (yyyy-mm); this month by default. */
  initialMonth?: string;
}

const WINDOWS_SHOWN = 2;

const thisMonth = () => {
  const now = new Date();
  return monthOf(now.getFullYear(), now.getMonth());
};

/**
 * The month view of the calendar being edited: the server's preview of one month, whole excluded days
 * marked by colour, icon and word, partly excluded ones with their windows; month navigation and legend.
 */
export function CalendarMonthView({ companyCode, definition, initialMonth }: Props) {
  const t = useT(monthViewMessages);
  const { language } = useLanguage();
  const errorText = useErrorText();
  const [month, setMonth] = useState(() => initialMonth ?? thisMonth());
  const { preview, loading, unavailable, error } = useMonthPreview(companyCode, definition, month);
  const locale = language === 'th' ? 'th-TH-u-ca-gregory' : 'en-GB';
  const [year, index] = parseMonth(month);
  const title = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, index, 1)),
  );
  const dayName = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const days = new Map((preview?.days ?? []).map((day) => [day.date, day]));
  const shown = preview && preview.days.some((day) => day.date.startsWith(month));

  let notice: ReactNode = null;
  if (!definition) notice = <Alert type="info" showIcon title={t('incomplete')} />;
  else if (unavailable) notice = <Alert type="warning" showIcon title={t('notAvailable')} />;
  else if (error) notice = <Alert type="error" showIcon title={t('failed', { message: errorText(error) })} />;

  return (
    <section className="calendar-month" aria-label={t('monthView')} data-testid="calendar-month-view">
      <Flex align="center" justify="space-between" gap={8} wrap>
        <Flex align="center" gap={4}>
          <Button
            size="small"
            icon={<LeftOutlined />}
            aria-label={t('previousMonth')}
            onClick={() => setMonth((at) => shiftMonth(at, -1))}
          />
          <Typography.Text strong aria-live="polite" style={{ minWidth: 140, textAlign: 'center' }}>
            {title}
          </Typography.Text>
          <Button
            size="small"
            icon={<RightOutlined />}
            aria-label={t('nextMonth')}
            onClick={() => setMonth((at) => shiftMonth(at, 1))}
          />
          <Button size="small" type="link" onClick={() => setMonth(thisMonth())}>
            {t('thisMonth')}
          </Button>
        </Flex>
        {loading && <Spin size="small" aria-label={t('loading')} />}
        {preview && !unavailable && !error && (
          <Typography.Text type="secondary">{t('shownIn', { zone: preview.time_zone })}</Typography.Text>
        )}
      </Flex>
      {notice}
      <table className="calendar-month-grid" aria-label={title} aria-busy={loading}>
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th key={day} scope="col">
                {t(day)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week, row) => (
            <tr key={row}>
              {week.map((date, column) =>
                date === null ? (
                  <td key={column} className="calendar-day calendar-day-outside" />
                ) : (
                  <DayCell
                    key={date}
                    date={date}
                    label={dayName.format(new Date(`${date}T00:00:00Z`))}
                    day={shown ? days.get(date) : undefined}
                  />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <Flex gap={16} wrap className="calendar-month-legend" role="list" aria-label={t('legend')}>
        <span role="listitem" className="calendar-legend calendar-day-whole">
          <StopOutlined aria-hidden /> {t('excludedWhole')}
        </span>
        <span role="listitem" className="calendar-legend calendar-day-partly">
          <ClockCircleOutlined aria-hidden /> {t('excludedPartly')}
        </span>
        <span role="listitem" className="calendar-legend calendar-day-none">
          {t('included')}
        </span>
      </Flex>
    </section>
  );
}

function DayCell({ date, label, day }: { date: string; label: string; day: PreviewDay | undefined }) {
  const t = useT(monthViewMessages);
  const number = Number(date.slice(8));
  const state = day?.excluded;
  const windows = (day?.windows ?? []).map((window) => `${exactTime(window.from)}–${exactTime(window.to)}`);
  // Without milliseconds in the small cell, unless that would hide a window (Quartz's 1 ms at midnight).
  const cellWindows = (day?.windows ?? []).map((window) => {
    const [from, to] = [cellTime(window.from), cellTime(window.to)];
    return from === to ? `${exactTime(window.from)}–${exactTime(window.to)}` : `${from}–${to}`;
  });
  const stateText =
    state === 'whole' ? t('excludedWhole') : state === 'partly' ? t('excludedPartly') : t('included');
  const cell = (
    <td
      className={`calendar-day calendar-day-${state ?? 'unknown'}`}
      data-date={date}
      data-excluded={state ?? ''}
      aria-label={state ? t('dayLabel', { date: label, state: [stateText, ...windows].join(', ') }) : label}
    >
      <div className="calendar-day-number">{number}</div>
      {state === 'whole' && (
        <div className="calendar-day-mark">
          <StopOutlined aria-hidden /> <span>{t('excludedWhole')}</span>
        </div>
      )}
      {state === 'partly' && (
        <div className="calendar-day-mark">
          <ClockCircleOutlined aria-hidden />{' '}
          {cellWindows.slice(0, WINDOWS_SHOWN).map((text) => (
            <span key={text} className="calendar-day-window">
              {text}
            </span>
          ))}
          {windows.length > WINDOWS_SHOWN && (
            <span className="calendar-day-window">
              {t('more', { count: windows.length - WINDOWS_SHOWN })}
            </span>
          )}
        </div>
      )}
    </td>
  );
  return state === 'partly' && windows.length > 0 ? (
    <Tooltip title={`${t('excludedPartly')}: ${windows.join(', ')}`}>{cell}</Tooltip>
  ) : (
    cell
  );
}
