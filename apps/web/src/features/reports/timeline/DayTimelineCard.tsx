import { DownOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { DAY_TIMELINE_MAX_RUNS_PER_LANE } from '@lis/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useT } from '../../../platform/i18n/I18nProvider';
import { ENTRY_DATE_FORMAT, tableDate } from '../../../ui/table-dates';
import { dayTimelineKeys, fetchDayTimeline } from './day-timeline-api';
import { useTimelineCollapsed } from './timeline-collapsed';
import { TimelineLegend } from './TimelineLegend';
import { TimelineRangeBar } from './TimelineRangeBar';
import { timelineMessages } from './timeline.i18n';
import { zoneClock } from './timeline-time';
import {
  panWindow,
  rangeWindow,
  wholeDay,
  type TimelineRangeKey,
  type TimelineWindow,
} from './timeline-zoom';

const DayTimelineChart = lazy(() => import('./DayTimelineChart'));

const REFRESH_MS = 60_000;
/**
 * The most the lanes take before they scroll (px): with the card's head, range bar and legend, the
 * report's table header stays within a 1366×768 screen (issue 31).
 */
export const CHART_MAX_HEIGHT = 290;
const BODY_ID = 'day-timeline-body';
const PICKER_ID = 'day-timeline-day';
const compactOf = (isoDay: string) => isoDay.replaceAll('-', '');
/** yyyymmdd → the picker's day. */
const pickerDay = (compact: string) =>
  dayjs(`${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}T00:00:00`);

/**
 * "A picture of the day" on Daily Report and Expected Run Job (issue 17): per job a lane with its runs
 * and missed fires, for `initialDay` (yyyymmdd; '' for today in the reports' zone) or a day picked
 * here. The chart library is loaded when the card first has something to draw. The reader chooses the
 * part of the day shown (1 h, 6 h, 24 h, earlier / later, or on the chart) and may hide the card
 * (remembered; nothing is asked for while it is hidden).
 */
export function DayTimelineCard({ companies, initialDay }: { companies: string[]; initialDay: string }) {
  const t = useT(timelineMessages);
  const [day, setDay] = useState(initialDay);
  const [collapsed, setCollapsed] = useTimelineCollapsed();
  /** The part of the day chosen, for the day it was chosen on (another day starts whole). */
  const [chosen, setChosen] = useState<{ date: string; view: TimelineWindow } | null>(null);
  const query = useQuery({
    enabled: !collapsed,
    queryKey: dayTimelineKeys.day(companies, day),
    queryFn: ({ signal }) => fetchDayTimeline(companies, day, signal),
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: (current) => {
      const data = current.state.data;
      const isToday = data && data.now >= data.day_start && data.now < data.day_end;
      return isToday ? REFRESH_MS : false;
    },
  });
  const { data } = query;
  const shownDay = day || (data ? compactOf(data.date) : '');
  const picked = shownDay ? pickerDay(shownDay) : null;
  const move = (days: number) => picked && setDay(picked.add(days, 'day').format('YYYYMMDD'));

  const dayStart = data ? Date.parse(data.day_start) : 0;
  const dayLength = data ? Date.parse(data.day_end) - dayStart : 0;
  const nowAt = data ? Date.parse(data.now) - dayStart : -1;
  const view = chosen && data && chosen.date === data.date ? chosen.view : wholeDay(dayLength);
  const clock = useMemo(() => (data ? zoneClock(data.time_zone) : null), [data]);
  const clockOf = (at: number) => (at >= dayLength ? '24:00' : (clock?.hourMinute(dayStart + at) ?? ''));
  const choose = (next: TimelineWindow) => data && setChosen({ date: data.date, view: next });
  const range = (key: TimelineRangeKey) =>
    choose(rangeWindow(key, view, dayLength, nowAt >= 0 && nowAt <= dayLength ? nowAt : null));

  const runs = data?.lanes.reduce((sum, lane) => sum + lane.runs.length, 0) ?? 0;
  const missing = data?.lanes.reduce((sum, lane) => sum + lane.missing_count, 0) ?? 0;
  const runsCapped = data?.lanes.some((lane) => lane.runs.length < lane.run_count) ?? false;
  const invalid = data?.lanes.filter((lane) => lane.invalid_triggers.length > 0) ?? [];
  const chartLabel = data
    ? t('chartLabel', { date: tableDate(data.date), lanes: data.lanes.length, runs, missing })
    : '';

  return (
    <Card
      size="small"
      title={
        <Button
          type="text"
          size="small"
          icon={collapsed ? <RightOutlined /> : <DownOutlined />}
          aria-expanded={!collapsed}
          aria-controls={BODY_ID}
          title={t(collapsed ? 'expand' : 'collapse')}
          data-testid="day-timeline-toggle"
          onClick={() => setCollapsed(!collapsed)}
          style={{ fontWeight: 600, paddingInline: 4 }}
        >
          {t('title')}
        </Button>
      }
      data-testid="day-timeline"
      data-collapsed={collapsed}
      style={{ marginBottom: 12 }}
      styles={{ body: collapsed ? { display: 'none' } : { paddingBlock: 8 } }}
      extra={
        !collapsed && (
          <Space size={4} wrap>
            <label htmlFor={PICKER_ID}>{t('day')}</label>
            <Button
              size="small"
              icon={<LeftOutlined />}
              aria-label={t('previousDay')}
              disabled={!picked}
              onClick={() => move(-1)}
            />
            <DatePicker
              id={PICKER_ID}
              size="small"
              allowClear={false}
              format={ENTRY_DATE_FORMAT}
              value={picked}
              onChange={(value) => value && setDay(value.format('YYYYMMDD'))}
            />
            <Button
              size="small"
              icon={<RightOutlined />}
              aria-label={t('nextDay')}
              disabled={!picked}
              onClick={() => move(1)}
            />
            <Button size="small" onClick={() => setDay('')}>
              {t('today')}
            </Button>
          </Space>
        )
      }
    >
      <div id={BODY_ID}>
        {query.error && (
          <Alert type="error" showIcon title={query.error.message} style={{ marginBottom: 8 }} />
        )}
        {data && (
          <>
            <div
              style={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: '4px 16px',
                marginBottom: 6,
              }}
            >
              <TimelineRangeBar
                view={view}
                dayLength={dayLength}
                clockOf={clockOf}
                onRange={range}
                onPan={(direction) => choose(panWindow(view, direction, dayLength))}
              />
              <Typography.Text type="secondary" data-testid="day-timeline-day">
                {t('dayLine', { date: tableDate(data.date), zone: data.time_zone })}
              </Typography.Text>
            </div>
            <TimelineLegend
              maintenance={(data.maintenance ?? []).length > 0}
              deadline={data.lanes.some((lane) => Boolean(lane.deadline_at))}
            />
            {data.lanes.length < data.total_lanes && (
              <Alert
                type="info"
                showIcon
                data-testid="day-timeline-capped"
                title={t('lanesCapped', { shown: data.lanes.length, total: data.total_lanes })}
                style={{ marginBottom: 8 }}
              />
            )}
            {runsCapped && (
              <Alert
                type="info"
                showIcon
                title={t('runsCapped', { max: DAY_TIMELINE_MAX_RUNS_PER_LANE })}
                style={{ marginBottom: 8 }}
              />
            )}
            {data.lanes.length === 0 ? (
              <Typography.Paragraph type="secondary" data-testid="day-timeline-empty">
                {t('noLanes')}
              </Typography.Paragraph>
            ) : (
              <div style={{ maxHeight: CHART_MAX_HEIGHT, overflowY: 'auto', overflowX: 'hidden' }}>
                <Suspense fallback={<Spin description={t('loadingChart')} />}>
                  <DayTimelineChart data={data} label={chartLabel} view={view} onView={choose} />
                </Suspense>
              </div>
            )}
            {invalid.map((lane) => (
              <Typography.Text
                key={`${lane.companycode}/${lane.legacyid}`}
                type="danger"
                style={{ display: 'block', fontSize: 12 }}
              >
                {lane.legacyid}: {t('invalidTriggers', { triggers: lane.invalid_triggers.join(' | ') })}
              </Typography.Text>
            ))}
          </>
        )}
        {!data && query.isPending && !collapsed && <Spin />}
      </div>
    </Card>
  );
}
