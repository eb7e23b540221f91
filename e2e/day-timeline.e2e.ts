import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, loginAdmin } from './support/api.js';
import { screenshot } from './support/browser.js';
import { signInWithForm } from './support/console.js';
import { insertRows, updateJobConfigs, withServerDatabase } from './support/database.js';
import { bangkokDay, expectNoPageOverflow } from './support/dates.js';
import { SCENE_JOBS, useMonitoringScene } from './support/monitoring-scene.js';

/**
 * The day timeline (issue 17) on Daily Report and Expected Run Job, on a server whose jobs really ran
 * through the pipeline (monitoring scene; the server's zone is the browser's, Asia/Bangkok), as an
 * operator of company MON: a lane per job, bars coloured as the legend says, a missed fire marked,
 * readable at 1366 px in Thai, and a click on a bar opening that run's Monitor Detail.
 */
const scene = useMonitoringScene({ serverEnv: { LIS_TIMEZONE: 'Asia/Bangkok' } });
const CHART = '[data-testid="day-timeline-chart"]';

/** MON-IMP (never run) due every midnight since before today: today's midnight fire is missed. */
async function makeImportantJobMissMidnight(): Promise<void> {
  const server = scene.suite.server;
  const { access_token: token } = await loginAdmin(server);
  const current = await api<Record<string, unknown>>(
    server,
    'GET',
    `/v1/config/job-config/get?company_code=MON&legacy_id=${SCENE_JOBS.important}`,
    { token },
  );
  if (current.status !== 200) throw new Error(`job: ${JSON.stringify(current.body)}`);
  const { hassuspend: _readOnly, ...config } = current.body;
  const saved = await api(server, 'PUT', '/v1/config/job-config/update', {
    token,
    body: { ...config, cron_trigger: '0 0 0 * * ?' },
  });
  if (saved.status !== 200) throw new Error(`update: ${JSON.stringify(saved.body)}`);
  // A job created today counts only from its creation (Expected Run Job's rule): make it older.
  updateJobConfigs(
    server,
    'update job_configs set created_at = ? where legacy_id = ?',
    Date.now() - 2 * 86_400_000,
    SCENE_JOBS.important,
  );
}

const MINUTE = 60_000;
const PER_MINUTE_JOB = SCENE_JOBS.dms;

/**
 * MON-DMS (first lane) as a per-minute job: its trigger every minute (in the table the reports read;
 * the scheduler's own triggers are left alone) and a scheduled run of 8 s at each minute of the last
 * 75 minutes (today only, none touching the job's own run), every ninth an ERROR. Returns the runs'
 * scheduled times.
 */
function makePerMinuteRuns(): number[] {
  const server = scene.suite.server;
  updateJobConfigs(
    server,
    'update job_configs set cron_trigger = ?, created_at = ? where legacy_id = ?',
    '0 * * * * ?',
    Date.now() - 2 * 86_400_000,
    PER_MINUTE_JOB,
  );
  const { template, ownRuns } = withServerDatabase(
    server,
    (db) => ({
      template: db.prepare('select * from job_runs where legacy_id = ? limit 1').get(SCENE_JOBS.ok) as Record<
        string,
        string | number | null
      >,
      ownRuns: db
        .prepare(
          'select started_at, finished_at from job_runs where legacy_id = ? and started_at is not null',
        )
        .all(PER_MINUTE_JOB) as { started_at: number; finished_at: number | null }[],
    }),
    { readonly: true },
  );
  // The scene's own run of this job stands in the same lane: a minute whose bar would touch it (20 s
  // either side, some 7 px at 1 h) gets no run, so every bar in the lane stays apart from the next.
  const CLEAR = 20_000;
  const touchesOwnRun = (at: number) =>
    ownRuns.some(
      (run) => at - CLEAR < (run.finished_at ?? Date.now()) && run.started_at < at + 8_000 + CLEAR,
    );
  const midnight = Date.parse(
    `${bangkokDay().compact.replace(/(\d{4})(\d{2})(\d{2})/, '$1-$2-$3')}T00:00:00+07:00`,
  );
  const lastMinute = Math.floor(Date.now() / MINUTE) * MINUTE - MINUTE;
  const rows = [];
  for (let i = 0; i < 75; i++) {
    const at = lastMinute - i * MINUTE;
    if (at < midnight) break;
    if (touchesOwnRun(at)) continue;
    rows.push({
      ...template,
      id: `per-minute-${at}`,
      job_instance_no: `PM${at}`,
      legacy_id: PER_MINUTE_JOB,
      kind: 'scheduled',
      trigger_id: null,
      parent_run_id: null,
      scheduled_at: at,
      queued_at: at,
      started_at: at + 200,
      finished_at: at + 8_000,
      state: i % 9 === 4 ? 'ERROR' : 'FINISHED',
      lease_owner: null,
      lease_until: null,
      requested_by: null,
      cancel_requested_by: null,
    });
  }
  insertRows(server, 'job_runs', rows);
  return rows.map((row) => row.scheduled_at);
}

/**
 * How many of the per-minute runs (their start minutes, `added`) stand wholly inside the window the
 * chart says it shows ("Shown: 03:55–04:55", today in Bangkok), a minute kept off each edge: the lane
 * shows at least these. Read from the window itself — the hour moves with the clock, and a slow machine
 * opens the second language's page minutes after the runs were made.
 */
function runsInsideWindow(shown: string, added: readonly number[]): number {
  const [from, to] = [...shown.matchAll(/(\d\d):(\d\d)/g)].map(([, hour, minute]) =>
    Date.parse(
      `${bangkokDay().compact.replace(/(\d{4})(\d{2})(\d{2})/, '$1-$2-$3')}T${hour}:${minute}:00+07:00`,
    ),
  );
  if (from === undefined || to === undefined) throw new Error(`no window in "${shown}"`);
  const end = to < from ? to + 86_400_000 : to;
  return added.filter((at) => at >= from + MINUTE && at + 8_000 <= end - MINUTE).length;
}

/** The report table's header row: its bottom edge in the viewport (px), the page scrolled to its top. */
async function tableHeaderBottom(page: Page): Promise<number> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const header = page.locator('[data-testid="daily-report-table"] thead').first();
  await header.waitFor();
  const box = await header.boundingBox();
  if (!box) throw new Error('no table header');
  return box.y + box.height;
}

interface Shape {
  index: number;
  fill: string;
  stroke: string;
  box: { left: number; top: number; right: number; bottom: number };
}

/** The legend's colours by label (computed rgb), read from its swatches. */
async function legendColors(page: Page): Promise<Record<string, string>> {
  return page.getByTestId('day-timeline-legend').evaluate((legend) =>
    Object.fromEntries(
      Array.from(legend.children).map((item) => {
        const swatch = item.firstElementChild as HTMLElement;
        const style = getComputedStyle(swatch);
        const color = style.borderTopStyle !== 'none' ? style.borderTopColor : style.backgroundColor;
        return [(item as HTMLElement).innerText.trim(), color];
      }),
    ),
  );
}

/** Every path the chart drew, with its computed fill and stroke and its box in the viewport. */
async function chartShapes(page: Page): Promise<Shape[]> {
  return page.locator(`${CHART} svg`).evaluate((svg) =>
    Array.from(svg.querySelectorAll('path')).map((path, index) => {
      const style = getComputedStyle(path);
      const rect = path.getBoundingClientRect();
      return {
        index,
        fill: style.fill,
        stroke: style.stroke,
        box: { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom },
      };
    }),
  );
}

const laneLabels = (page: Page) => page.locator(`${CHART} svg text`).allTextContents();

async function openAsOperator(
  path: string,
  language: 'en' | 'th',
  viewport: { width: number; height: number },
) {
  const { page } = await scene.suite.open({ language });
  await page.setViewportSize(viewport);
  await signInWithForm(page, scene.users.operator.id, scene.users.operator.password);
  await page.goto(path);
  await page.locator(`${CHART} svg`).waitFor({ timeout: 20_000 });
  return page;
}

function insideViewport(page: Page, box: Shape['box']) {
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  return box.left >= 0 && box.top >= 0 && box.right <= viewport.width && box.bottom <= viewport.height;
}

describe('the day timeline', () => {
  it('shows the day in Thai at 1366×768 — lanes, bars by status, a missed fire — and opens Monitor Detail of a clicked run', async () => {
    await makeImportantJobMissMidnight();
    const page = await openAsOperator('/daily-report', 'th', { width: 1366, height: 768 });
    const card = page.getByTestId('day-timeline');
    expect(await card.innerText()).toContain('ไทม์ไลน์ของวัน');
    await expect
      .poll(() => laneLabels(page))
      .toEqual(expect.arrayContaining([SCENE_JOBS.ok, SCENE_JOBS.documentErrors, SCENE_JOBS.important]));
    const labels = await laneLabels(page);
    for (const job of [SCENE_JOBS.returnBlocked, SCENE_JOBS.outWait, SCENE_JOBS.dms])
      expect(labels).toContain(job);
    // Another company's job never appears; MON-SLOW neither ran nor was due.
    expect(labels.join(' ')).not.toContain(SCENE_JOBS.otherCompany);
    expect(labels).not.toContain(SCENE_JOBS.slow);

    const colors = await legendColors(page);
    const [finished, error, missed] = [colors['สำเร็จ'], colors['ผิดพลาด'], colors['ขาดการทำงานตามกำหนด']];
    expect(finished && error && missed).toBeTruthy();
    const shapes = await chartShapes(page);
    const bars = (color: string | undefined) => shapes.filter((shape) => shape.fill === color);
    // The scene's runs: MON-OK, MON-OUT, MON-DMS finished; MON-DOCERR and MON-RETURN failed.
    expect(bars(finished)).toHaveLength(3);
    expect(bars(error)).toHaveLength(2);
    const hollow = shapes.filter((shape) => shape.stroke === missed && shape.fill !== missed);
    expect(hollow).toHaveLength(1);
    for (const shape of [...bars(finished), ...bars(error), ...hollow])
      expect(insideViewport(page, shape.box)).toBe(true);
    await expectNoPageOverflow(page);
    await screenshot(page, 'day-timeline-1366-th');

    // The tooltip says which run a bar is, in Thai; a click opens that run's Monitor Detail.
    const failed = new Set([
      scene.runs[SCENE_JOBS.documentErrors]?.jobInstanceNo,
      scene.runs[SCENE_JOBS.returnBlocked]?.jobInstanceNo,
    ]);
    // Pointed at as a user does (the chart decides what is under the mouse, not the topmost SVG node).
    const target = bars(error)[0];
    if (!target) throw new Error('no error bar');
    const x = (target.box.left + target.box.right) / 2;
    const y = (target.box.top + target.box.bottom) / 2;
    await page.mouse.move(x, y);
    const tooltip = page.locator(`${CHART} .day-timeline-tooltip`);
    await expect.poll(() => tooltip.innerText()).toContain('ผิดพลาด');
    const tip = await tooltip.innerText();
    const jobNo = [...failed].find((no) => no && tip.includes(no));
    expect(jobNo, tip).toBeTruthy();
    await page.mouse.click(x, y);
    await page.waitForURL((url) => url.pathname === '/legacydetail');
    const url = new URL(page.url());
    expect(url.searchParams.get('job_no')).toBe(jobNo);
    expect(url.searchParams.get('company_code')).toBe('MON');
    await page
      .getByText(jobNo ?? '', { exact: true })
      .first()
      .waitFor();
  });

  it('takes another day from its picker: yesterday only the missed midnight fire', async () => {
    await makeImportantJobMissMidnight();
    const page = await openAsOperator('/expected-running-job-report', 'th', { width: 1366, height: 768 });
    const card = page.getByTestId('day-timeline');
    const dayLine = await card.getByTestId('day-timeline-day').innerText();
    await card.getByRole('button', { name: 'วันก่อนหน้า' }).click();
    await expect.poll(() => card.getByTestId('day-timeline-day').innerText()).not.toBe(dayLine);
    await expect.poll(() => laneLabels(page)).toEqual(expect.arrayContaining([SCENE_JOBS.important]));
    expect(await laneLabels(page)).not.toContain(SCENE_JOBS.ok);
    // Yesterday's chart has no run bars and no "now" line: only the hollow marker of the missed fire.
    const colors = await legendColors(page);
    const shapes = await chartShapes(page);
    for (const state of ['สำเร็จ', 'ผิดพลาด'])
      expect(shapes.filter((shape) => shape.fill === colors[state])).toHaveLength(0);
    expect(shapes.filter((shape) => shape.stroke === colors['ขาดการทำงานตามกำหนด'])).toHaveLength(1);
    expect(await laneLabels(page)).not.toContain('ขณะนี้');
    await card.getByRole('button', { name: 'วันนี้' }).click();
    await expect.poll(() => card.getByTestId('day-timeline-day').innerText()).toBe(dayLine);
  });

  it('is readable in English at 1366 and 1920 wide', async () => {
    const narrow = await openAsOperator('/expected-running-job-report', 'en', { width: 1366, height: 768 });
    await expect.poll(() => laneLabels(narrow)).toEqual(expect.arrayContaining([SCENE_JOBS.ok]));
    expect(await narrow.getByTestId('day-timeline-legend').innerText()).toContain('Missed fire');
    await expectNoPageOverflow(narrow);
    await screenshot(narrow, 'day-timeline-1366-en');

    const wide = await openAsOperator('/daily-report', 'en', { width: 1920, height: 1080 });
    await expect.poll(() => laneLabels(wide)).toEqual(expect.arrayContaining([SCENE_JOBS.ok]));
    await expectNoPageOverflow(wide);
    await screenshot(wide, 'day-timeline-1920-en');
  });

  it('zooms the Daily Report to 1 h at 1366×768: per-minute runs apart, the table header in view, hidden remembered', async () => {
    const added = makePerMinuteRuns();
    for (const language of ['en', 'th'] as const) {
      const page = await openAsOperator('/daily-report', language, { width: 1366, height: 768 });
      await expect.poll(() => laneLabels(page)).toEqual(expect.arrayContaining([PER_MINUTE_JOB]));
      // The timeline as it opens: the report's table header within the first 768 px.
      expect(await tableHeaderBottom(page)).toBeLessThanOrEqual(768);

      const card = page.getByTestId('day-timeline');
      const oneHour = card.getByRole('button', { name: language === 'en' ? 'Show 1 hour' : 'แสดง 1 ชั่วโมง' });
      // From the keyboard, as the component tests do it with a click.
      await oneHour.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => oneHour.getAttribute('aria-pressed')).toBe('true');
      const shown = await card.getByTestId('day-timeline-window').innerText();
      expect(shown).toMatch(language === 'en' ? /^Shown: \d\d:\d\d–\d\d:\d\d$/ : /^แสดง: /);
      const inView = runsInsideWindow(shown, added);
      // The hour holds some 44 of them; fewer only when the runs began after midnight.
      expect(inView).toBeGreaterThanOrEqual(Math.min(added.length - 2, 30));

      // The per-minute lane's bars in view: each apart from the next (no two share a pixel column).
      const colors = await legendColors(page);
      const [finished, error] =
        language === 'en' ? [colors['Finished'], colors['Error']] : [colors['สำเร็จ'], colors['ผิดพลาด']];
      const chartBox = await page.locator(CHART).boundingBox();
      if (!chartBox) throw new Error('no chart');
      // The hour shown is now − 45 min … now + 15 min: 44 or 45 of the per-minute runs, every ninth an
      // error (the count of finished bars alone depends on the clock, and on the other lanes). The chart
      // animates the zoom, and mid-way the bars still stand as close as on the whole day: wait until the
      // first lane with bars in view holds them all, each apart from the next.
      const firstLane = async () => {
        const shapes = (await chartShapes(page)).filter(
          (shape) =>
            (shape.fill === finished || shape.fill === error) &&
            shape.box.right > chartBox.x + 150 &&
            shape.box.left < chartBox.x + chartBox.width,
        );
        const firstLaneTop = Math.min(...shapes.map((shape) => shape.box.top));
        return shapes
          .filter((shape) => Math.abs(shape.box.top - firstLaneTop) < 2)
          .sort((a, b) => a.box.left - b.box.left);
      };
      const apart = (lane: Shape[]) => lane.slice(1).every((shape, i) => shape.box.left > lane[i]!.box.right);
      await expect
        .poll(async () => {
          const lane = await firstLane();
          return lane.length >= inView && apart(lane);
        })
        .toBe(true);
      const lane = await firstLane();
      expect(lane.length).toBeGreaterThanOrEqual(inView);
      lane.slice(1).forEach((shape, i) => expect(shape.box.left).toBeGreaterThan(lane[i]!.box.right));
      expect(await tableHeaderBottom(page)).toBeLessThanOrEqual(768);
      await expectNoPageOverflow(page);
      await screenshot(page, language === 'en' ? 'daily-report-timeline-1h' : 'daily-report-timeline-1h-th');

      if (language === 'en') {
        // Dragged on the chart (an empty stretch of a lane) the hour moves earlier; Ctrl + wheel zooms in.
        const shownLine = card.getByTestId('day-timeline-window');
        const grab = { x: chartBox.x + 400, y: chartBox.y + 130 };
        await page.mouse.move(grab.x, grab.y);
        await page.mouse.down();
        await page.mouse.move(grab.x + 120, grab.y, { steps: 6 });
        await page.mouse.up();
        await expect.poll(() => shownLine.innerText()).not.toBe(shown);
        expect(await oneHour.getAttribute('aria-pressed')).toBe('true');
        const dragged = await shownLine.innerText();
        await page.keyboard.down('Control');
        await page.mouse.wheel(0, -300);
        await page.keyboard.up('Control');
        await expect.poll(() => shownLine.innerText()).not.toBe(dragged);
        await expect.poll(() => oneHour.getAttribute('aria-pressed')).toBe('false');
        await oneHour.click();
        await expect.poll(() => oneHour.getAttribute('aria-pressed')).toBe('true');
      }

      // Hidden: the table rises; still hidden after a reload.
      const toggle = page.getByTestId('day-timeline-toggle');
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await tableHeaderBottom(page)).toBeLessThanOrEqual(768);
      await page.reload();
      await page.getByTestId('daily-report-table').waitFor();
      expect(await page.getByTestId('day-timeline-toggle').getAttribute('aria-expanded')).toBe('false');
      expect(await page.locator(CHART).count()).toBe(0);
      expect(await tableHeaderBottom(page)).toBeLessThanOrEqual(768);
    }
  });
});
