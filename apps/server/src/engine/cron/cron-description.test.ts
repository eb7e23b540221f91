import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CronSyntaxError, describeCron, parseCron } from './index.js';

describe('describeCron in English', () => {
  it.each([
    ['0 15 10 L * ?', 'At 10:15, on the last day of the month'],
    ['0 0 12 * * ?', 'At 12:00'],
    ['0 0 * * * ?', 'Every hour'],
    ['0 15 * * * ?', 'At minute 15 of every hour'],
    ['* * * ? * *', 'Every second'],
    ['30 * * * * ?', 'Every minute at second 30'],
    ['0 0/5 14 * * ?', 'Every 5 minutes, during the 14:00 hour'],
    ['0 0 */2 * * ?', 'Every 2 hours, on the hour'],
    ['0 0 9-17 ? * MON-FRI', 'Between 09:00 and 17:59, on the hour, on Monday through Friday'],
    ['0 0 22-2 ? * FRI-MON', 'At 00:00, 01:00, 02:00, 22:00 and 23:00, on Friday through Monday'],
    ['0 0 9 ? * 6#3', 'At 09:00, on the third Friday of the month'],
    ['0 0 9 ? * 6L', 'At 09:00, on the last Friday of the month'],
    ['0 0 9 ? * L', 'At 09:00, on Saturday'],
    ['0 0 9 L-3 * ?', 'At 09:00, on the day 3 days before the last day of the month'],
    ['0 0 9 LW * ?', 'At 09:00, on the last weekday of the month'],
    ['0 0 9 15W * ?', 'At 09:00, on the weekday (Monday to Friday) nearest to day 15 of the month'],
    ['0 4,21 * 13/6 * ?', 'At minutes 4 and 21 past the hour, every 6 days of the month starting on day 13'],
    ['35,42 * * ? 8,9 FRI', 'At seconds 35 and 42 of every minute, on Friday, in August and September'],
    ['0 0 12 ? */4 *', 'At 12:00, in January, May and September'],
    [
      '0 38 21 L 8-12 ? 2028/2',
      'At 21:38, on the last day of the month, from August through December, every 2 years from 2028',
    ],
    ['0 0 0 1 1 ? 2026-2030', 'At 00:00, on day 1 of the month, in January, from 2026 through 2030'],
  ])('%s → %s', (expression, description) => {
    expect(describeCron(expression, 'en')).toBe(description);
  });
});

describe('describeCron in Thai', () => {
  it.each([
    ['0 15 10 L * ?', 'เวลา 10:15 น. ในวันสุดท้ายของเดือน'],
    ['0 0 * * * ?', 'ทุกชั่วโมงตรง'],
    ['0 0/5 14 * * ?', 'ทุก 5 นาที ในช่วง 14:00–14:59 น.'],
    ['0 0 9 ? * MON-FRI', 'เวลา 09:00 น. ทุกวันจันทร์ถึงวันศุกร์'],
    ['0 0 9 ? * 6#3', 'เวลา 09:00 น. ในวันศุกร์ครั้งที่ 3 ของเดือน'],
    ['0 0 9 ? * 2L', 'เวลา 09:00 น. ในวันจันทร์สุดท้ายของเดือน'],
    ['0 0 9 LW * ?', 'เวลา 09:00 น. ในวันธรรมดา (จันทร์–ศุกร์) วันสุดท้ายของเดือน'],
    ['0 0 9 L-2 * ?', 'เวลา 09:00 น. ในวันที่อยู่ก่อนวันสุดท้ายของเดือน 2 วัน'],
    ['0 0 9 15W * ?', 'เวลา 09:00 น. ในวันธรรมดา (จันทร์–ศุกร์) ที่ใกล้ที่สุดกับวันที่ 15 ของเดือน'],
    ['0 4,21 * 10,31 * ?', 'ในนาทีที่ 4 และ 21 ของชั่วโมง ในวันที่ 10 และ 31 ของเดือน'],
    ['0 0 12 ? JAN,MAR *', 'เวลา 12:00 น. ในเดือนมกราคม และมีนาคม'],
    ['0 0 0 1 1 ? 2027', 'เวลา 00:00 น. ในวันที่ 1 ของเดือน ในเดือนมกราคม ในปี ค.ศ. 2027'],
  ])('%s → %s', (expression, description) => {
    expect(describeCron(expression, 'th')).toBe(description);
  });
});

describe('describeCron on any valid expression', () => {
  const fixture = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../../test/fixtures/quartz-cron-cases.jsonl',
  );
  const fixtureExpressions = fs
    .readFileSync(fixture, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { expr: string; valid: boolean })
    .filter((entry) => entry.valid)
    .map((entry) => entry.expr);
  const fields = [
    ['0', '*', '*/15', '5/20', '10-20', '50-10', '1,2,3', '10-40/5', '0/0'],
    ['0', '*', '*/26', '30', '0-59/90', '5,10-20,*/30'],
    ['0', '*', '22-2', '*/4', '9-17', '1,13', '0-23/7'],
    ['*', '?', 'L', 'L-5', 'LW', 'L-1W', '1W', '31', '1-15', '13/6', '28-2', '1,15', '*/1'],
    ['*', 'JAN', 'NOV-FEB', '*/3', '3/4', '1,6,12', '2-11/2'],
    ['?', '*', 'MON-FRI', 'FRI-MON', '2#1', '6L', 'L', '*/2', '1,7', '2/3'],
    ['', '2027', '2026-2030', '2028/2', '*'],
  ];
  const generated: string[] = [];
  for (let index = 0; generated.length < 500; index++) {
    const pick = (options: readonly string[], salt: number) =>
      options[(index * 7919 + salt * 104729) % options.length] ?? '';
    const [second, minute, hour, dayOfMonth, month, dayOfWeek, year] = fields.map((options, salt) =>
      pick(options, salt + 1),
    );
    const days = dayOfMonth === '?' ? [dayOfMonth, dayOfWeek === '?' ? '*' : dayOfWeek] : [dayOfMonth, '?'];
    generated.push([second, minute, hour, days[0], month, days[1], year].join(' ').trim());
  }

  it.each(['en', 'th'] as const)(
    'gives a sentence in %s for every fixture and generated expression',
    (language) => {
      for (const expression of [...fixtureExpressions, ...generated]) {
        const description = describeCron(parseCron(expression), language);
        expect(description, expression).toMatch(/\S/);
        expect(description, expression).not.toMatch(/undefined|NaN|\s{2}/);
      }
    },
  );

  it('throws CronSyntaxError for an invalid expression and RangeError for an unknown language', () => {
    expect(() => describeCron('0 0 25 * * ?', 'en')).toThrow(CronSyntaxError);
    expect(() => describeCron('0 0 12 * * ?', 'fr' as 'en')).toThrow(RangeError);
  });
});
