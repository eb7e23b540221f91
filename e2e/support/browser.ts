import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { SCREENSHOT_DIR } from './paths.js';
import type { LoginResponse } from './api.js';
import type { LisServer } from './server.js';

export const CHROMIUM = process.env.LIS_CHROMIUM ?? '/usr/bin/chromium';
export const VIEWPORT = { width: 1366, height: 800 } as const;

/** A loopback port nothing listens on (the discard port, closed here): the proxy of all but loopback. */
const DEAD_PROXY = 'http://127.0.0.1:9';

/** Debian's Chromium, headless; the flags of /work/shared/DEPENDENCIES.md (root, closed network). */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `No Chromium at ${CHROMIUM}: apt-get install -y chromium fonts-thai-tlwg, or set LIS_CHROMIUM.`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Nothing leaves the machine: every request but to loopback (which Chromium never proxies) goes
      // to a proxy that is not there and fails. openConsole records such requests for the test.
      `--proxy-server=${DEAD_PROXY}`,
    ],
  });
}

export interface ConsolePage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page (React crashes and the like): a test expects none. */
  pageErrors: string[];
  /** Requests to any other origin than the test server's (aborted). */
  foreignRequests: string[];
  close(): Promise<void>;
}

export interface ConsoleOptions {
  /** Stored as the chosen language before the console first loads. */
  language?: 'en' | 'th';
  /** Stored as LG_APPLICATION before the console first loads. */
  session?: LoginResponse;
}

/**
 * A fresh browser context (empty localStorage) at the console's viewport. Requests may only go to the
 * test server: anything else (e.g. a redirect to https://evil.example) fails at the browser's dead
 * proxy and is recorded. The requests are watched, not intercepted: Playwright's routing would pause
 * every request and turn the HTTP cache off, so each navigation would load and compile the console's
 * scripts anew (issue 20: about a third of the browser suite's CPU).
 */
export async function openConsole(
  browser: Browser,
  server: LisServer,
  options: ConsoleOptions = {},
): Promise<ConsolePage> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    locale: 'en-US',
    timezoneId: 'Asia/Bangkok',
    baseURL: server.url,
    serviceWorkers: 'block',
    // The console honours it by turning Ant Design's motion off: no click races an opening animation.
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  const foreignRequests: string[] = [];
  const origin = new URL(server.url).origin;
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin && (url.protocol === 'http:' || url.protocol === 'https:')) {
      foreignRequests.push(request.url());
    }
  });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(`${error.name}: ${error.message}`));
  const { language, session } = options;
  if (language || session) {
    // Seed localStorage on the console's origin without running the console (/healthz is JSON).
    await page.goto('/healthz');
    await page.evaluate(
      ({ lang, stored }) => {
        if (lang) localStorage.setItem('LIS_LANGUAGE', lang);
        if (stored) localStorage.setItem('LG_APPLICATION', JSON.stringify(stored));
      },
      { lang: language, stored: session },
    );
  }
  return { context, page, pageErrors, foreignRequests, close: () => context.close() };
}

/** Path (with query) of the page's address. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** Writes <SCREENSHOT_DIR>/<name>.png of the viewport (1366×800, not the full page). */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // Fonts loaded and nothing on its way (the console has no motion under reduced motion, but a CSS
  // transition may still run). Endless animations (a spinner) are frozen by the screenshot itself.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  await page.screenshot({ path: file, fullPage: false, animations: 'disabled', caret: 'hide' });
  return file;
}
