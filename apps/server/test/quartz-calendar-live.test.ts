import { describe, expect, it } from 'vitest';
import { randomCases } from '../../../tools/quartz-reference/calendar-cases.js';
import { hasJavac, runQuartz } from '../../../tools/quartz-reference/run-quartz.js';
import { lisAnswer, quartzAnswer, type QuartzCalendarCase } from './quartz-calendar-support.js';

/*
 * A fresh random batch each run, computed by real Quartz 2.3.2 (compiled from tools/quartz-reference)
 * and by LIS, compared case by case. Needs `javac` on PATH; skipped otherwise (the committed fixture
 * still runs: quartz-calendar-fixture.test.ts). Set LIS_CALENDAR_SEED to repeat a batch.
 */
const SEED = Number(process.env.LIS_CALENDAR_SEED ?? Date.now() % 1_000_000_007);
const BATCH = 60;
/** Quartz may test this many candidates per fire time here (LIS's own bound is higher: same answer). */
const LIVE_MAX_CANDIDATES = 2_000;
const java = hasJavac();

describe('calendars against real Quartz 2.3.2, live', () => {
  it.skipIf(!java)(
    `a fresh batch of ${BATCH} random cases (LIS_CALENDAR_SEED=${SEED}) gives Quartz's fire times`,
    () => {
      const answered = runQuartz(randomCases(SEED, BATCH), LIVE_MAX_CANDIDATES) as (QuartzCalendarCase & {
        capped?: boolean;
      })[];
      const compared = answered.filter((entry) => entry.capped !== true);
      expect(compared.length).toBeGreaterThan(BATCH / 2);
      const mismatches = compared
        .map((entry) => ({ entry, lis: lisAnswer(entry), quartz: quartzAnswer(entry) }))
        .filter(({ lis, quartz }) => JSON.stringify(lis) !== JSON.stringify(quartz));
      expect(mismatches).toEqual([]);
    },
    120_000,
  );

  it.skipIf(java)(
    'is skipped: javac is not on PATH (install a JDK 17 to compare with real Quartz live)',
    () => {
      console.warn('quartz-calendar-live: skipped — javac is not on PATH');
    },
  );
});
