import { describe, expect, it } from 'vitest';
import type { CalendarDefinition } from '@lis/contracts';
import { DomainError } from '../../platform/domain-error.js';
import { previewMonth } from './calendar-preview.js';

const preview = (definition: CalendarDefinition, month: string, zone = 'Asia/Bangkok') =>
  previewMonth(definition, month, zone);
const day = (definition: CalendarDefinition, date: string, zone = 'Asia/Bangkok') =>
  preview(definition, date.slice(0, 7), zone).days.find((d) => d.date === date);

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('not refused');
}

describe('previewMonth (the month view: excluded days and windows)', () => {
  it('answers every day of the month, a holiday whole, the others not excluded', () => {
    const month = preview({ type: 'holiday', dates: ['2026-02-03', '2026-03-01'] }, '2026-02');
    expect(month.time_zone).toBe('Asia/Bangkok');
    expect(month.days).toHaveLength(28);
    expect(month.days[2]).toEqual({ date: '2026-02-03', excluded: 'whole', windows: [] });
    expect(month.days.filter((d) => d.excluded !== 'none').map((d) => d.date)).toEqual(['2026-02-03']);
    expect(preview({ type: 'weekly', exclude: [] }, '2028-02').days).toHaveLength(29);
  });

  it('shows a daily range as Quartz excludes it (both ends, local midnight and 23:59:59.999 too), and an inverted one around its range', () => {
    expect(day({ type: 'daily', from: '08:00', to: '17:00:00' }, '2026-12-01')).toEqual({
      date: '2026-12-01',
      excluded: 'partly',
      windows: [
        { from: '00:00:00', to: '00:00:00.001' },
        { from: '08:00:00', to: '17:00:00.001' },
        { from: '23:59:59.999', to: '24:00:00' },
      ],
    });
    expect(day({ type: 'daily', from: '06:00', to: '22:00', invert: true }, '2026-12-01')?.windows).toEqual([
      { from: '00:00:00', to: '06:00:00' },
      { from: '22:00:00.001', to: '24:00:00' },
    ]);
  });

  it('chains a base: a weekend excluded whole, the weekdays partly', () => {
    const definition: CalendarDefinition = {
      type: 'daily',
      from: '12:00',
      to: '13:00',
      base: { type: 'weekly', exclude: ['SAT', 'SUN'] },
    };
    expect(day(definition, '2026-12-05')?.excluded).toBe('whole');
    expect(day(definition, '2026-12-07')?.excluded).toBe('partly');
    expect(day(definition, '2026-12-07')?.windows).toContainEqual({ from: '12:00:00', to: '13:00:00.001' });
  });

  it('judges a calendar with its own zone there, and shows it in the zone asked for', () => {
    const definition: CalendarDefinition = { type: 'holiday', dates: ['2026-12-05'], tz: 'Asia/Bangkok' };
    expect(day(definition, '2026-12-04', 'Europe/Berlin')).toEqual({
      date: '2026-12-04',
      excluded: 'partly',
      windows: [{ from: '18:00:00', to: '24:00:00' }],
    });
    expect(day(definition, '2026-12-05', 'Europe/Berlin')?.windows).toEqual([
      { from: '00:00:00', to: '18:00:00' },
    ]);
    // Without its own zone it is judged in the zone shown.
    expect(day({ type: 'holiday', dates: ['2026-12-05'] }, '2026-12-05', 'Europe/Berlin')?.excluded).toBe(
      'whole',
    );
  });

  it('shows a cron calendar’s hours', () => {
    expect(day({ type: 'cron', expression: '* * 0-7,18-23 ? * *' }, '2026-12-01')?.windows).toEqual([
      { from: '00:00:00', to: '08:00:00' },
      { from: '18:00:00', to: '24:00:00' },
    ]);
  });

  it('refuses a calendar the checker refuses, a month that is none and an unknown zone', () => {
    expect(refusal(() => preview({ type: 'holiday', dates: ['2026-02-30'] }, '2026-02')).code).toBe(
      'CALENDAR_INVALID',
    );
    expect(refusal(() => preview({ type: 'weekly', exclude: [], tz: 'Mars/Base' }, '2026-02')).code).toBe(
      'CALENDAR_INVALID',
    );
    expect(refusal(() => preview({ type: 'daily', from: '17:00', to: '08:00' }, '2026-02')).code).toBe(
      'CALENDAR_INVALID',
    );
    expect(refusal(() => preview({ type: 'weekly', exclude: [] }, '2026-13')).code).toBe('REQUEST_INVALID');
    expect(refusal(() => preview({ type: 'weekly', exclude: [] }, '2026-02', 'Mars/Base')).code).toBe(
      'REQUEST_INVALID',
    );
  });
});
