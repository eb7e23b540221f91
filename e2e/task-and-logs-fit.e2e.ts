import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { acknowledge, clickUntilGone } from './support/antd.js';
import { screenshot } from './support/browser.js';
import { signInWithForm } from './support/console.js';
import { bangkokDay, expectNoPageOverflow, pickDate } from './support/dates.js';
import { SCENE_JOBS, useMonitoringScene } from './support/monitoring-scene.js';
import { legacyTaskMessages } from '../apps/web/src/features/legacy-task/legacy-task.i18n.js';
import { logsMessages } from '../apps/web/src/features/logs/logs.i18n.js';
import { filterPanelMessages } from '../apps/web/src/ui/filter-panel/filter-panel.i18n.js';

/**
 * Issue 17 at a 1366×768 laptop: /legacytask, /applicationlog and the System Log (/legacylog) show what
 * explains a run without sideways scrolling — the identity, the statuses or steps, the message, the
 * log's source — in English and Thai; and the task screen runs a job now and re-runs a failed step as
 * the monitoring report does. Server and browser share Asia/Bangkok.
 */
const scene = useMonitoringScene({ serverEnv: { LIS_TIMEZONE: 'Asia/Bangkok' } });
const LAPTOP = { width: 1366, height: 768 } as const;
type Language = 'en' | 'th';

/** Column titles by language (the screens' own dictionaries): the cells that must be on screen. */
const taskColumns = (language: Language) => {
  const t = legacyTaskMessages[language];
  return [t.legacyId, t.jobInstanceNo, t.statusLatest, t.steps];
};
const applicationColumns = (language: Language) => {
  const t = logsMessages[language];
  return [t.legacyId, t.status, t.message];
};
const systemColumns = (language: Language) => {
  const t = logsMessages[language];
  return [t.jobInstanceNo, t.message, t.msgSource];
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function openAt1366(language: Language, path: string): Promise<Page> {
  const { page } = await scene.suite.open({ language });
  await page.setViewportSize(LAPTOP);
  await signInWithForm(page, scene.users.operator.id, scene.users.operator.password);
  await page.goto(path);
  return page;
}

interface Fit {
  /** How far the table body scrolls sideways (0: it fits). */
  sideways: number;
  /** Rows in the body's visible part. */
  rows: number;
  /** "row n: title" of each named cell of a visible row that is not wholly inside the window. */
  outside: string[];
  /** Cells of the named columns whose text is cut (wider than the cell, hidden or ended by "…"). */
  cut: string[];
  missing: string[];
}

/** How the table `table` fits the window, checked for the columns titled `titles`. */
async function fitOf(table: Locator, titles: readonly string[]): Promise<Fit> {
  return table.evaluate((element, wanted) => {
    const body = element.querySelector<HTMLElement>('.ant-table-body, .ant-table-content');
    const headers = Array.from(element.querySelectorAll<HTMLElement>('thead th')).map((th) =>
      th.innerText.trim(),
    );
    const missing = wanted.filter((title) => !headers.includes(title));
    const view = body?.getBoundingClientRect();
    const rows = Array.from(element.querySelectorAll<HTMLElement>('tbody tr.ant-table-row')).filter((row) => {
      const box = row.getBoundingClientRect();
      return (
        view !== undefined && box.bottom > view.top && box.top < Math.min(view.bottom, window.innerHeight)
      );
    });
    const outside: string[] = [];
    const cut: string[] = [];
    rows.forEach((row, n) => {
      for (const title of wanted) {
        const cell = row.children[headers.indexOf(title)] as HTMLElement | undefined;
        if (!cell) continue;
        const box = cell.getBoundingClientRect();
        if (box.left < 0 || box.right > window.innerWidth + 0.5 || box.width === 0)
          outside.push(`row ${n + 1}: ${title} (${Math.round(box.left)}–${Math.round(box.right)})`);
        // The text's extent against the cell's (a cut or "…" text reaches past it; wrapped text does not).
        const range = document.createRange();
        range.selectNodeContents(cell);
        const text = range.getBoundingClientRect();
        if (text.width > 0 && (text.right > box.right + 1 || text.left < box.left - 1))
          cut.push(`row ${n + 1}: ${title}: ${cell.innerText.trim()}`);
      }
    });
    return {
      sideways: body ? body.scrollWidth - body.clientWidth : 0,
      rows: rows.length,
      outside,
      cut,
      missing,
    };
  }, titles);
}

/** Everything that matters is on screen: no sideways scroll, the named cells of every visible row inside. */
async function expectFits(page: Page, table: Locator, titles: readonly string[], idTitles: number) {
  await expectNoPageOverflow(page);
  const fit = await fitOf(table, titles);
  expect(fit.missing).toEqual([]);
  expect(fit.rows).toBeGreaterThan(0);
  expect(fit.sideways).toBeLessThanOrEqual(0);
  expect(fit.outside).toEqual([]);
  // Ids and names are whole (the first `idTitles` columns named).
  expect(
    fit.cut.filter((entry) => titles.slice(0, idTitles).some((title) => entry.includes(`: ${title}:`))),
  ).toEqual([]);
  // The table ends inside the window: its height follows the window, the page does not scroll for it.
  const bottom = await table.evaluate((element) => element.getBoundingClientRect().bottom);
  expect(bottom).toBeLessThanOrEqual(LAPTOP.height);
}

const taskRows = (page: Page) => page.getByTestId('legacy-task-table').locator('tbody tr.ant-table-row');

/** The task row of a run, by its job instance number. */
const taskRow = (page: Page, jobInstanceNo: string) => taskRows(page).filter({ hasText: jobInstanceNo });

/** The badge of `step` (1–4, or 5 for the e-mail) in a task row's steps strip. */
const stepBadge = (row: Locator, step: number) => row.locator('.step-status-badge').nth(step - 1);

async function confirmYes(page: Page, yes = 'Yes'): Promise<void> {
  await clickUntilGone(page.locator('.ant-modal-confirm').getByRole('button', { name: yes }));
}

describe('Report Legacy Task Monitoring at 1366×768', () => {
  for (const language of ['en', 'th'] as const) {
    it(`shows every run's identity, status and steps on screen (${language})`, async () => {
      const page = await openAt1366(language, '/legacytask');
      const table = page.getByTestId('legacy-task-table');
      await expect.poll(() => taskRows(page).count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
      await expectFits(page, table, taskColumns(language), 2);

      // MON-DOCERR's run: step 4 failed; its badge says so on hover, with the run's message.
      const docErr = scene.runs[SCENE_JOBS.documentErrors];
      const row = taskRow(page, docErr?.jobInstanceNo ?? '?');
      expect(await stepBadge(row, 4).getAttribute('data-status')).toBe('ERROR');
      expect(await stepBadge(row, 1).getAttribute('data-status')).toBe('SUCCESS');
      expect(await stepBadge(row, 1).getAttribute('title')).toMatch(
        new RegExp(
          `^${escapeRegExp(legacyTaskMessages[language].step1)}: SUCCESS\\n\\S+ \\d\\d-\\d\\d-\\d{4} \\d\\d:\\d\\d:\\d\\d$`,
        ),
      );
      // The full job instance number is the identity's hover title.
      expect(await row.locator(`[title="${docErr?.jobInstanceNo}"]`).count()).toBe(1);
      await screenshot(page, `legacy-task-1366-${language}`);
    });
  }

  it('keeps the spec’s other columns a tick away, with the identity still on the left', async () => {
    const page = await openAt1366('en', '/legacytask');
    await expect.poll(() => taskRows(page).count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
    await page.getByRole('button', { name: 'Columns' }).click();
    for (const name of ['Load Files Status', 'Function status', 'Send Email Status'])
      await page.getByRole('checkbox', { name, exact: true }).check();
    await page.keyboard.press('Escape');
    const table = page.getByTestId('legacy-task-table');
    await expect
      .poll(async () => table.locator('thead th').allInnerTexts())
      .toEqual(expect.arrayContaining(['Load Files Status', 'Function status', 'Send Email Status']));
    // Wider than the window now: it scrolls inside itself, the identity stays.
    await table.locator('.ant-table-body').evaluate((body) => body.scrollTo({ left: body.scrollWidth }));
    const fit = await fitOf(table, ['Legacy ID', 'Job Instanceno']);
    expect(fit.sideways).toBeGreaterThan(0);
    expect(fit.outside).toEqual([]);
    // The choice is kept.
    await page.reload();
    await expect
      .poll(async () => table.locator('thead th').allInnerTexts(), { timeout: 20_000 })
      .toContain('Function status');
  });

  it('runs a job now from its run’s menu: a new run appears on top', async () => {
    const page = await openAt1366('en', '/legacytask');
    const ok = scene.runs[SCENE_JOBS.ok];
    const rowsOfOk = () =>
      taskRows(page)
        .filter({ hasText: `${SCENE_JOBS.ok}_` })
        .count();
    await expect.poll(() => taskRow(page, ok?.jobInstanceNo ?? '?').count(), { timeout: 20_000 }).toBe(1);
    const before = await rowsOfOk();
    scene.dropFile(SCENE_JOBS.ok, 'INV_020.csv', 'INV020,Customer T,20\n');
    await taskRow(page, ok?.jobInstanceNo ?? '?')
      .locator('button.legacy-report-menu-button')
      .click();
    await page
      .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
      .getByRole('menuitem', { name: 'Run immediately' })
      .click();
    await confirmYes(page);
    await acknowledge(page, 'Success!');
    await expect.poll(rowsOfOk, { timeout: 30_000 }).toBe(before + 1);
    const newest = (await taskRows(page).first().innerText()).match(/MON-OK_\S+/)?.[0] ?? '';
    expect(newest).not.toBe(ok?.jobInstanceNo);
    const ended = await scene.waitForRun(newest.replace(/\s/g, ''));
    expect(ended.state, ended.message ?? '').toBe('FINISHED');
  });

  it('re-runs the failed step 3 of a run (the same rule as the report): the run ends delivered', async () => {
    const page = await openAt1366('en', '/legacytask');
    const first = scene.runs[SCENE_JOBS.returnBlocked];
    expect(first?.state).toBe('ERROR');
    const row = taskRow(page, first?.jobInstanceNo ?? '?');
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    expect(await stepBadge(row, 3).getAttribute('data-status')).toBe('ERROR');
    // Only the failed step offers a re-run.
    expect(await row.getByRole('button', { name: /^Re-run step/ }).count()).toBe(1);

    scene.unblockReturn();
    await row.getByRole('button', { name: `Re-run step 3: ${first?.jobInstanceNo}` }).click();
    await confirmYes(page);
    await acknowledge(page, 'Success!');
    const again = await scene.waitForRun(first?.jobInstanceNo ?? '', { after: first?.finishedAt ?? 0 });
    expect(again.jobInstanceNo).toBe(first?.jobInstanceNo);
    // The task list follows (auto refresh, 30 s at most) — or a search shows it at once.
    await page.getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(() => stepBadge(row, 3).getAttribute('data-status'), { timeout: 30_000 })
      .toBe('SUCCESS');
    expect(await row.getByRole('button', { name: /^Re-run step 3/ }).count()).toBe(0);
  });
});

describe('Application Log at 1366×768', () => {
  const FROM = bangkokDay(-1);
  const TO = bangkokDay(1);
  for (const language of ['en', 'th'] as const) {
    it(`shows the legacy id, Status and Message of every row on screen (${language})`, async () => {
      const page = await openAt1366(language, '/applicationlog');
      const t = logsMessages[language];
      await page.getByLabel(t.legacyId).fill(SCENE_JOBS.documentErrors);
      await pickDate(page, t.transactionDateFrom, FROM.shown);
      await pickDate(page, t.transactionDateTo, TO.shown);
      await page.getByRole('button', { name: filterPanelMessages[language].search }).click();
      const table = page.getByTestId('application-log-table');
      await expect.poll(() => table.locator('tbody tr.ant-table-row').count(), { timeout: 20_000 }).toBe(2);
      await expectFits(page, table, applicationColumns(language), 1);
      // The failure's explanation, whole.
      await table.getByText('col_0003 "oops" is not a number').waitFor();
      await screenshot(page, `application-log-1366-${language}`);
    });
  }
});

describe('System Log at 1366×768', () => {
  for (const language of ['en', 'th'] as const) {
    it(`shows the job instance number, message and Msg Source of every row on screen (${language})`, async () => {
      const page = await openAt1366(language, '/legacylog');
      const table = page.getByTestId('system-log-table');
      await expect
        .poll(() => table.locator('tbody tr.ant-table-row').count(), { timeout: 20_000 })
        .toBeGreaterThan(5);
      await expectFits(page, table, systemColumns(language), 1);
      await screenshot(page, `system-log-1366-${language}`);
    });
  }
});
