import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lisAnswer, quartzAnswer, type QuartzCalendarCase } from './quartz-calendar-support.js';

/*
 * LIS's calendars against what real Quartz 2.3.2 computed (tools/quartz-reference: Quartz's own classes
 * and a harness that repeats CronTriggerImpl's calendar loop): the hand-picked edges of issue 34 and a
 * seeded random set. Regenerate with `npm run quartz:calendar-fixture` (needs a JDK).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const cases = fs
  .readFileSync(path.join(here, 'fixtures', 'quartz-calendar-cases.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as QuartzCalendarCase);

describe('calendars against real Quartz 2.3.2 (fixtures/quartz-calendar-cases.jsonl)', () => {
  it('holds the hand-picked edges and several hundred random cases', () => {
    expect(cases.filter((entry) => entry.id.startsWith('random-')).length).toBeGreaterThanOrEqual(500);
    expect(cases.filter((entry) => !entry.id.startsWith('random-')).length).toBeGreaterThanOrEqual(40);
    expect(cases.some((entry) => entry.error !== undefined)).toBe(true);
    expect(cases.some((entry) => entry.next?.length === 0)).toBe(true);
  });

  it.each(cases)('$id: "$expr" in $tz from $from', (entry) => {
    expect(lisAnswer(entry)).toEqual(quartzAnswer(entry));
  });
});
