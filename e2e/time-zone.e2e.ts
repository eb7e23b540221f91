import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { logsMessages } from '../apps/web/src/features/logs/logs.i18n.js';
import { monitoringMessages } from '../apps/web/src/features/monitoring/monitoring.i18n.js';
import { filterPanelMessages } from '../apps/web/src/ui/filter-panel/filter-panel.i18n.js';
import { signInWithForm } from './support/console.js';
import { bangkokDay, pickDate } from './support/dates.js';
import { SCENE_JOBS, useMonitoringScene } from './support/monitoring-scene.js';
import { cellText, columnIndex, reportRow } from './support/report-table.js';

/**
 * Issue 17 point 6: one time zone for every table and log — the server's. The server runs with
 * LIS_TIMEZONE Europe/Berlin on a machine in UTC; the browser is in Asia/Bangkok (e2e/support/browser.ts),
 * 6 or 5 hours ahead of Berlin. A run's times on the monitoring report and its lines on the Application
 * Log (written by the server in its zone) must read the same clock: Berlin's.
 */
const SERVER_ZONE = 'Europe/Berlin';
const BROWSER_ZONE = 'Asia/Bangkok';
const scene = useMonitoringScene({ serverEnv: { LIS_TIMEZONE: SERVER_ZONE } });

/** dd-mm-yyyy HH:mm:ss of `at` in `timeZone`, as the console shows times. */
function shownIn(timeZone: string, at: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** A shown time as a number that orders like the wall clock (read as if it were UTC). */
function wallClock(shown: string): number {
  const match = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(shown.trim());
  if (!match) throw new Error(`not a dd-mm-yyyy HH:mm:ss time: "${shown}"`);
  const [, day, month, year, hour, minute, second] = match.map(Number) as number[];
  return Date.UTC(year!, month! - 1, day, hour, minute, second);
}

/** "UTC+01:00" / "UTC+02:00": Berlin's offset now. */
function offsetNow(timeZone: string): string {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(Date.now())
      .find((entry) => entry.type === 'timeZoneName')?.value ?? '';
  return name.replace(/^GMT$/, 'UTC+00:00').replace(/^GMT/, 'UTC');
}

async function openAsOperator(path: string, language: 'en' | 'th' = 'en'): Promise<Page> {
  const { page } = await scene.suite.open({ language });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signInWithForm(page, scene.users.operator.id, scene.users.operator.password);
  // The report's Job Start and Job Finished On columns, chosen as a user does (column chooser).
  await page.evaluate(() =>
    localStorage.setItem('LIS_REPORT_COLUMNS_monitoring', JSON.stringify(['start', 'finish'])),
  );
  await page.goto(path);
  return page;
}

describe('one time zone: the server’s LIS_TIMEZONE', () => {
  it('the header names the server’s zone and its offset, in English and Thai', async () => {
    const label = `${SERVER_ZONE} (${offsetNow(SERVER_ZONE)})`;
    for (const language of ['en', 'th'] as const) {
      const page = await openAsOperator('/legacyreport', language);
      const tag = page.getByTestId('server-time-zone');
      await expect.poll(() => tag.innerText()).toBe(label);
      const tip = page.locator('.ant-tooltip:not(.ant-tooltip-hidden)');
      const expected =
        language === 'en'
          ? `Every date and time in this console is in the server’s time zone, ${label}`
          : `วันที่และเวลาทั้งหมดในระบบนี้แสดงตามเขตเวลาของเซิร์ฟเวอร์ ${label}`;
      // Hovered until its tooltip shows (a re-render of the header may close an early one).
      await expect
        .poll(
          async () => {
            await page.mouse.move(0, 0);
            await tag.hover();
            return (await tip.count()) > 0 ? (await tip.last().innerText()).trim() : '';
          },
          { timeout: 15_000, interval: 500 },
        )
        .toBe(expected);
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE);
    }
  });

  it('a run’s times on the report and its Application Log lines read the server’s clock', async () => {
    const run = scene.runs[SCENE_JOBS.documentErrors]!;
    const report = await openAsOperator('/legacyreport');
    const t = monitoringMessages.en;
    const row = reportRow(report, SCENE_JOBS.documentErrors).first();
    await row.waitFor();
    const finished = await cellText(report, row, t.jobFinished);
    const started = await cellText(report, row, t.jobStart);
    // The server's zone, not the browser's (they differ by 5 or 6 hours).
    expect(finished).toBe(shownIn(SERVER_ZONE, run.finishedAt));
    expect(finished).not.toBe(shownIn(BROWSER_ZONE, run.finishedAt));
    expect(wallClock(started)).toBeLessThanOrEqual(wallClock(finished));

    const log = await openAsOperator('/applicationlog');
    const l = logsMessages.en;
    await log.getByLabel(l.legacyId).fill(SCENE_JOBS.documentErrors);
    await pickDate(log, l.transactionDateFrom, bangkokDay(-2).shown);
    await pickDate(log, l.transactionDateTo, bangkokDay(2).shown);
    await log.getByRole('button', { name: filterPanelMessages.en.search }).click();
    const table = log.getByTestId('application-log-table');
    const rows = table.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const createdColumn = await columnIndex(log, l.createdOn);
    const created = await rows.evaluateAll(
      (elements, index) =>
        elements.map((element) => (element.children[index] as HTMLElement | undefined)?.innerText ?? ''),
      createdColumn,
    );
    // Written while the run ran: between its start and its end, on the same clock (whole seconds).
    for (const shown of created) {
      expect(wallClock(shown)).toBeGreaterThanOrEqual(wallClock(started) - 1000);
      expect(wallClock(shown)).toBeLessThanOrEqual(wallClock(finished) + 1000);
    }
  });

  it('the Daily Report opens on the server zone’s today', async () => {
    const page = await openAsOperator('/daily-report');
    const today = new Intl.DateTimeFormat('en-CA', {
      timeZone: SERVER_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
      .format(Date.now())
      .replaceAll('-', '');
    await expect
      .poll(() => new URL(page.url()).searchParams.get('date_from'), { timeout: 20_000 })
      .toBe(today);
    expect(new URL(page.url()).searchParams.get('date_to')).toBe(today);
  });
});
