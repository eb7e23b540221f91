import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openConsole, type ConsoleOptions, type ConsolePage } from './browser.js';
import { REPO_ROOT, WEB_INDEX } from './paths.js';
import { startServer, type LisServer } from './server.js';

/** Screenshots and the server's output of failed tests (git-ignored). */
const FAILURE_DIR = path.join(REPO_ROOT, 'test-results', 'e2e');

export interface E2eSuite {
  readonly server: LisServer;
  readonly browser: Browser;
  /** A fresh browser context on the console; closed and checked after the test. */
  open(options?: ConsoleOptions): Promise<ConsolePage>;
}

export interface E2eSuiteOptions {
  /** Extra environment of the server process (e.g. `LIS_TIMEZONE`). */
  serverEnv?: Record<string, string>;
}

/**
 * One real server and one Chromium per test file. After every test: the tabs it opened are closed; a
 * failed test leaves a screenshot and the server's output under test-results/e2e/; uncaught page
 * errors and requests that left the test server fail the test.
 */
export function useE2eSuite(
  setup?: (server: LisServer) => Promise<void>,
  options: E2eSuiteOptions = {},
): E2eSuite {
  let server: LisServer | undefined;
  let browser: Browser | undefined;
  let tabs: ConsolePage[] = [];
  let consoleBuiltAt = 0;
  const consoleMtime = () => (fs.existsSync(WEB_INDEX) ? fs.statSync(WEB_INDEX).mtimeMs : 0);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(options.serverEnv), launchBrowser()]);
    consoleBuiltAt = consoleMtime();
    await setup?.(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async (context) => {
    const opened = tabs;
    tabs = [];
    const failed = context.task.result?.state === 'fail';
    if (failed) {
      const name = context.task.name.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 80);
      fs.mkdirSync(FAILURE_DIR, { recursive: true });
      for (const [index, tab] of opened.entries()) {
        await tab.page
          .screenshot({ path: path.join(FAILURE_DIR, `${name}-${index}.png`) })
          .catch(() => undefined);
        console.error(`[e2e] tab ${index} of "${context.task.name}" was at ${tab.page.url()}`);
      }
      fs.writeFileSync(path.join(FAILURE_DIR, `${name}-server.log`), server?.output() ?? '');
      if (consoleMtime() !== consoleBuiltAt) {
        console.error(
          '[e2e] apps/web/dist was rebuilt while this file ran: the server still serves the index.html it read ' +
            'at start, whose assets are gone (blank page). A concurrent build, not a console defect: run again.',
        );
      }
    }
    const pageErrors = opened.flatMap((tab) => tab.pageErrors);
    const foreignRequests = opened.flatMap((tab) => tab.foreignRequests);
    await Promise.all(opened.map((tab) => tab.close().catch(() => undefined)));
    if (!failed) {
      expect(pageErrors, 'uncaught errors in the page').toEqual([]);
      expect(foreignRequests, 'requests that left the test server').toEqual([]);
    }
  });

  return {
    get server() {
      if (!server) throw new Error('the server is not started (use it inside a test)');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not launched (use it inside a test)');
      return browser;
    },
    async open(options) {
      if (!server || !browser) throw new Error('the suite is not started');
      const tab = await openConsole(browser, server, options);
      tabs.push(tab);
      return tab;
    },
  };
}
