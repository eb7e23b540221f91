import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { signInWithForm, switchLanguage } from './support/console.js';
import { SCENE_JOBS, useMonitoringScene } from './support/monitoring-scene.js';

/**
 * Issue 17: the screens operators read most, at a laptop's 1366×768 and a desktop's 1920×1080, in
 * English and Thai, against a server whose jobs really ran — none may scroll sideways, and each is
 * photographed for `docs/screenshots/` (`npm run screenshots`) so that a person looks at them.
 */
const scene = useMonitoringScene();

const SIZES = {
  1366: { width: 1366, height: 768 },
  1920: { width: 1920, height: 1080 },
} as const;

interface Screen {
  /** The screenshot's name before `-<width>-<language>`. */
  name: string;
  path: () => string;
  /** What is on the page once the screen has its data. */
  ready: string;
}

const SCREENS: readonly Screen[] = [
  { name: 'legacy-report', path: () => '/legacyreport', ready: '.legacy-report-id' },
  { name: 'monitor-wall', path: () => '/monitor?company_code=MON', ready: '.step-status-strip' },
  {
    name: 'legacy-detail',
    path: () => {
      const run = scene.runs[SCENE_JOBS.documentErrors];
      if (!run) throw new Error('the scene has no run of MON-DOCERR');
      const query = new URLSearchParams({
        company_code: 'MON',
        legacy_id: SCENE_JOBS.documentErrors,
        job_no: run.jobInstanceNo,
        legacytype: 'IN_WAIT',
      });
      return `/legacydetail?${query.toString()}`;
    },
    ready: '.ant-table-row',
  },
  { name: 'day-timeline', path: () => '/daily-report', ready: '[data-testid="day-timeline-chart"] svg' },
  { name: 'job-config', path: () => '/masterconfig', ready: '.ant-table-row' },
  { name: 'settings', path: () => '/settings', ready: 'form' },
];

/** How far the page scrolls sideways (0 when it fits). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('The main screens at 1366 and 1920, in English and Thai (issue 17)', () => {
  for (const [width, size] of Object.entries(SIZES)) {
    it(`at ${width}×${size.height}: no screen scrolls sideways, in either language`, async () => {
      const { page } = await scene.suite.open();
      await page.setViewportSize(size);
      await signInWithForm(page, scene.suite.server.adminUsername, scene.suite.server.adminPassword);
      for (const language of ['en', 'th'] as const) {
        if (language === 'th') await switchLanguage(page, 'th');
        for (const screen of SCREENS) {
          await page.goto(screen.path());
          await page.locator(screen.ready).first().waitFor({ timeout: 20_000 });
          await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
          expect(await sidewaysScroll(page), `${screen.name} ${width} ${language}`).toBeLessThanOrEqual(0);
          if (screen.name === 'legacy-detail') {
            // The run's log lines are written by the server by key and read in the reader's language.
            const step = language === 'th' ? 'ขั้นตอนที่ 4 (สถานะฟังก์ชัน)' : 'step 4 (function status)';
            await expect.poll(() => page.locator('main').innerText()).toContain(step);
          }
          await screenshot(page, `${screen.name}-${width}-${language}`);
        }
      }
    });
  }
});
