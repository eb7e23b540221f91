// Benchmark: the monitoring report's table with 5,000 jobs in Debian's Chromium (DESIGN §8: "a table
// of 5,000 rows scrolls without jank (virtualised)"). The built console is served by a server over the
// report benchmark's data; the page is scrolled with the mouse wheel, one notch per frame, while the
// page records the time between animation frames and every long task. Run with `npm run bench`.
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { percentile, type BenchResult } from './bench-result.js';
import { REPORT_JOBS, startReportBenchServer } from './legacy-report.bench.js';

const CHROMIUM = process.env.LIS_CHROMIUM ?? '/usr/bin/chromium';
const WHEEL_STEPS = 300;
const WHEEL_PIXELS = 240;

interface FrameRecord {
  frames: number[];
  longTasks: number[];
}

// Page scripts are strings: this file is compiled without the DOM's types, and tsx would wrap
// functions handed to the page in helpers the page does not have.
const START_RECORDING = `(() => {
  const record = { frames: [], longTasks: [], stop: false };
  window.__lisFrames = record;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.longTasks.push(entry.duration);
  }).observe({ type: 'longtask' });
  let last = performance.now();
  const tick = (now) => {
    record.frames.push(now - last);
    last = now;
    if (!record.stop) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;
const STOP_RECORDING = `(() => {
  const record = window.__lisFrames;
  record.stop = true;
  return { frames: record.frames, longTasks: record.longTasks };
})()`;
const NEXT_FRAME = 'new Promise((resolve) => requestAnimationFrame(resolve))';

export async function benchReportScroll(webDist: string): Promise<BenchResult[]> {
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`[bench] no Chromium at ${CHROMIUM}: the scroll benchmark is left out`);
    return [];
  }
  const server = await startReportBenchServer(webDist);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 1366, height: 800 },
      baseURL: server.address,
    });
    const page = await context.newPage();
    await page.goto('/healthz');
    await page.evaluate(
      `localStorage.setItem('LG_APPLICATION', ${JSON.stringify(JSON.stringify(server.login))})`,
    );

    const loadStart = Date.now();
    await page.goto('/legacyreport');
    await page.getByText(`${REPORT_JOBS} of ${REPORT_JOBS} jobs`).waitFor({ timeout: 60_000 });
    await page.locator('.ant-table-row').first().waitFor();
    const firstRowsMs = Date.now() - loadStart;

    const holder = page.locator('.ant-table-tbody-virtual-holder');
    const box = await holder.boundingBox();
    if (!box) throw new Error('the report table is not shown');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.evaluate(START_RECORDING);
    for (let step = 0; step < WHEEL_STEPS; step++) {
      await page.mouse.wheel(0, step < WHEEL_STEPS / 2 ? WHEEL_PIXELS : -WHEEL_PIXELS);
      await page.evaluate(NEXT_FRAME);
    }
    const record = (await page.evaluate(STOP_RECORDING)) as FrameRecord;
    const rowsShown = await page.locator('.ant-table-row').count();
    // The first frame measures the time since the recorder started, not a frame.
    const frames = record.frames.slice(1);
    const over50 = frames.filter((ms) => ms > 50).length;
    const longest = Math.round(Math.max(0, ...record.longTasks));
    return [
      {
        name: `/legacyreport with ${REPORT_JOBS} jobs: frame time while wheel-scrolling (Chromium)`,
        unit: 'ms',
        p50: percentile(frames, 50),
        p95: percentile(frames, 95),
        p99: percentile(frames, 99),
        extra:
          `${frames.length} frames, ${over50} over 50 ms, ${record.longTasks.length} long tasks (longest ${longest} ms), ` +
          `${rowsShown} rows in the DOM, first rows after ${firstRowsMs} ms`,
        budget: 'no jank: p95 ≤ 50 ms, DOM rows bounded (DESIGN §8)',
      },
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
