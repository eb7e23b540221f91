import type { DayTimelineResponse } from '@lis/contracts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../../platform/i18n/language';
import { mockFetch } from '../../../testing/mock-fetch';
import { TestProviders } from '../../../testing/TestProviders';
import { DayTimelineCard } from './DayTimelineCard';
import { TIMELINE_COLLAPSED_KEY } from './timeline-collapsed';
import type { TimelineWindow } from './timeline-zoom';

/*
 * The chart itself (ECharts drawing SVG) needs a layout engine that jsdom does not have: it is drawn
 * in the browser tests (e2e/day-timeline.e2e.ts); its option for a window is tested in
 * timeline-zoom.test.ts. Here the card's own work: which window it hands to the chart, the range
 * buttons, and hiding the card.
 */
vi.mock('./DayTimelineChart', () => ({
  default: ({ view, label }: { view: TimelineWindow; label: string }) => {
    return <div data-testid="chart-window" aria-label={label}>{`${view.start}-${view.end}`}</div>;
  },
}));

const H = 3_600_000;
const bkk = (wall: string) => new Date(`${wall}+07:00`).toISOString();
const DATA: DayTimelineResponse = {
  date: '2026-11-21',
  time_zone: 'Asia/Bangkok',
  day_start: bkk('2026-11-21T00:00:00'),
  day_end: bkk('2026-11-22T00:00:00'),
  // A past day (now is the next day): the ranges keep the window's centre.
  now: bkk('2026-11-22T10:00:00'),
  total_lanes: 1,
  lanes: [
    {
      companycode: 'MON',
      legacyid: 'MON-OK',
      legacyname: 'Invoices',
      legacytype: 'IN_WAIT',
      run_count: 0,
      runs: [],
      missing_count: 0,
      missing_fires: [],
      expected_fires: [bkk('2026-11-21T08:00:00')],
      invalid_triggers: [],
    },
  ],
};

let asked = 0;
function renderCard(data = DATA) {
  asked = 0;
  mockFetch({
    'GET /v1/reports/day-timeline': () => {
      asked += 1;
      return data;
    },
  });
  return render(
    <TestProviders route="/daily-report">
      <DayTimelineCard companies={['MON']} initialDay="20261121" />
    </TestProviders>,
  );
}
const chartWindow = async () => (await screen.findByTestId('chart-window')).textContent;
const pressed = () =>
  screen
    .getAllByRole('button', { pressed: true })
    .map((button) => button.textContent)
    .join();

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the day timeline card (issue 31)', { timeout: 60_000 }, () => {
  it('shows the whole day first, then the range the buttons choose, and moves it earlier and later', async () => {
    const user = userEvent.setup();
    renderCard();
    expect(await chartWindow()).toBe(`0-${24 * H}`);
    expect(screen.getByTestId('day-timeline-window').textContent).toBe('Shown: 00:00–24:00');
    expect(pressed()).toBe('24 h');

    await user.click(screen.getByRole('button', { name: 'Show 1 hour' }));
    // The day is past: the hour keeps the window's centre.
    expect(await chartWindow()).toBe(`${11.5 * H}-${12.5 * H}`);
    expect(screen.getByTestId('day-timeline-window').textContent).toBe('Shown: 11:30–12:30');
    expect(pressed()).toBe('1 h');

    await user.click(screen.getByRole('button', { name: 'Earlier' }));
    expect(await chartWindow()).toBe(`${11 * H}-${12 * H}`);
    await user.click(screen.getByRole('button', { name: 'Show 6 hours' }));
    expect(await chartWindow()).toBe(`${8.5 * H}-${14.5 * H}`);
    expect(screen.getByTestId('day-timeline-window').textContent).toBe('Shown: 08:30–14:30');
    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(await chartWindow()).toBe(`${11.5 * H}-${17.5 * H}`);

    await user.click(screen.getByRole('button', { name: 'Show the whole day' }));
    expect(await chartWindow()).toBe(`0-${24 * H}`);
    // The whole day cannot move.
    expect(screen.getByRole('button', { name: 'Earlier' }).hasAttribute('disabled')).toBe(true);
  });

  it('takes the range buttons from the keyboard (Tab, Enter, Space)', async () => {
    const user = userEvent.setup();
    renderCard();
    await chartWindow();
    screen.getByRole('button', { name: 'Show 1 hour' }).focus();
    await user.keyboard('{Enter}');
    expect(await chartWindow()).toBe(`${11.5 * H}-${12.5 * H}`);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show 6 hours' }));
    await user.keyboard(' ');
    await waitFor(() => expect(pressed()).toBe('6 h'));
  });

  it('hides and shows again, remembered across screens; nothing is asked while hidden', async () => {
    const user = userEvent.setup();
    const first = renderCard();
    await chartWindow();
    const toggle = screen.getByTestId('day-timeline-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(localStorage.getItem(TIMELINE_COLLAPSED_KEY)).toBe('true');
    expect(screen.queryByRole('button', { name: 'Show 1 hour' })).toBeNull();
    first.unmount();

    renderCard();
    const again = screen.getByTestId('day-timeline-toggle');
    expect(again.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('chart-window')).toBeNull();
    expect(asked).toBe(0);
    await user.click(again);
    expect(await chartWindow()).toBe(`0-${24 * H}`);
    expect(asked).toBe(1);
    expect(localStorage.getItem(TIMELINE_COLLAPSED_KEY)).toBe('false');
  });

  it('adds Maintenance to the legend when the day has a maintenance window (issue 34)', async () => {
    renderCard();
    await chartWindow();
    expect(screen.queryByTestId('day-timeline-legend-maintenance')).toBeNull();
    cleanup();
    renderCard({
      ...DATA,
      maintenance: [
        {
          company_code: 'MON',
          name: 'SAT-NIGHT',
          from: bkk('2026-11-21T01:00:00'),
          to: bkk('2026-11-21T05:00:00'),
        },
      ],
    });
    expect((await screen.findByTestId('day-timeline-legend-maintenance')).textContent).toBe('Maintenance');
  });

  it('speaks Thai; today, the hour ends a quarter after now', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    const user = userEvent.setup();
    renderCard({ ...DATA, now: bkk('2026-11-21T10:00:00') });
    await chartWindow();
    await user.click(screen.getByRole('button', { name: 'แสดง 1 ชั่วโมง' }));
    expect(screen.getByTestId('day-timeline-window').textContent).toBe('แสดง: 09:15–10:15');
    expect(pressed()).toBe('1 ชม.');
    expect(screen.getByTestId('day-timeline-legend').textContent).toContain('กำหนดเวลาทำงาน');
    expect(screen.getByTestId('day-timeline-toggle').getAttribute('title')).toBe('ซ่อนไทม์ไลน์');
  });
});
