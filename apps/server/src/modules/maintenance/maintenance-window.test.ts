import { describe, expect, it } from 'vitest';
import type { MaintenanceSchedule } from '@lis/contracts';
import { DomainError } from '../../platform/domain-error.js';
import { maintenanceView } from './maintenance-holds.js';
import { parseSchedule } from './maintenance-schedule.js';
import {
  activeUntil,
  holdsAt,
  holdsWithin,
  maintenanceAt,
  nextStart,
  periodsOf,
  type NamedWindow,
} from './maintenance-window.js';

const at = (text: string) => Date.parse(text);
const iso = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? ms : new Date(ms).toISOString();
const spans = (list: { from: number; to: number }[]) => list.map((s) => [iso(s.from), iso(s.to)]);
const times = (schedule: MaintenanceSchedule, tz = 'Asia/Bangkok') => parseSchedule(schedule, tz);
const named = (companyCode: string, name: string, schedule: MaintenanceSchedule): NamedWindow => ({
  companyCode,
  name,
  times: times(schedule),
});

describe('a one-off window', () => {
  const once = times({ kind: 'once', from: '2026-12-05T22:00+07:00', to: '2026-12-06T06:00+07:00' });

  it('holds [from, to): from included, to not', () => {
    expect(holdsAt(once, at('2026-12-05T14:59:59.999Z'))).toBe(false);
    expect(holdsAt(once, at('2026-12-05T15:00:00Z'))).toBe(true);
    expect(holdsAt(once, at('2026-12-05T22:59:59.999Z'))).toBe(true);
    expect(holdsAt(once, at('2026-12-05T23:00:00Z'))).toBe(false);
  });

  it('answers its end while it holds, its start until it starts, and the stretch that reaches into a span', () => {
    expect(iso(activeUntil(once, at('2026-12-05T18:00:00Z')))).toBe('2026-12-05T23:00:00.000Z');
    expect(activeUntil(once, at('2026-12-05T23:00:00Z'))).toBeNull();
    expect(iso(nextStart(once, at('2026-12-01T00:00:00Z')))).toBe('2026-12-05T15:00:00.000Z');
    expect(nextStart(once, at('2026-12-05T15:00:00Z'))).toBeNull();
    // The day of 6 December in Bangkok: the window started the evening before is listed from its start.
    const day = periodsOf(once, at('2026-12-06T00:00+07:00'), at('2026-12-07T00:00+07:00'));
    expect(spans(day)).toEqual([['2026-12-05T15:00:00.000Z', '2026-12-05T23:00:00.000Z']]);
    expect(periodsOf(once, at('2026-12-06T06:00+07:00'), at('2026-12-07T00:00+07:00'))).toEqual([]);
  });
});

describe('a recurring window', () => {
  // Saturday 22:00 for 8 hours in Bangkok: across midnight into Sunday 06:00.
  const nightly = times({ kind: 'recurring', cron: '0 0 22 ? * SAT', duration_minutes: 480 });

  it('holds across midnight, and answers the end of the occurrence holding', () => {
    expect(holdsAt(nightly, at('2026-12-05T21:59:59+07:00'))).toBe(false);
    expect(holdsAt(nightly, at('2026-12-05T22:00+07:00'))).toBe(true);
    expect(holdsAt(nightly, at('2026-12-06T03:00+07:00'))).toBe(true);
    expect(holdsAt(nightly, at('2026-12-06T06:00+07:00'))).toBe(false);
    expect(iso(activeUntil(nightly, at('2026-12-06T03:00+07:00')))).toBe('2026-12-05T23:00:00.000Z');
    expect(iso(nextStart(nightly, at('2026-12-06T03:00+07:00')))).toBe('2026-12-12T15:00:00.000Z');
  });

  it('lists an occurrence that started before the span (the look back is one duration)', () => {
    const sunday = periodsOf(nightly, at('2026-12-06T00:00+07:00'), at('2026-12-07T00:00+07:00'));
    expect(spans(sunday)).toEqual([['2026-12-05T15:00:00.000Z', '2026-12-05T23:00:00.000Z']]);
    const fortnight = periodsOf(nightly, at('2026-12-01T00:00+07:00'), at('2026-12-15T00:00+07:00'));
    expect(spans(fortnight).map(([from]) => from)).toEqual([
      '2026-12-05T15:00:00.000Z',
      '2026-12-12T15:00:00.000Z',
    ]);
    // Asked from 06:00 on Sunday: that occurrence ended exactly then, it is not listed.
    expect(periodsOf(nightly, at('2026-12-06T06:00+07:00'), at('2026-12-06T12:00+07:00'))).toEqual([]);
    expect(holdsWithin(nightly, at('2026-12-06T05:59:59+07:00'), at('2026-12-06T07:00+07:00'))).toBe(true);
    expect(holdsWithin(nightly, at('2026-12-06T06:00+07:00'), at('2026-12-12T22:00+07:00'))).toBe(false);
  });

  it('merges occurrences that overlap into one stretch, and chains its end', () => {
    // Every hour for 90 minutes: maintenance without a gap.
    const always = times({ kind: 'recurring', cron: '0 0 * * * ?', duration_minutes: 90 });
    const day = periodsOf(always, at('2026-12-06T00:00Z'), at('2026-12-06T06:00Z'));
    expect(spans(day)).toEqual([['2026-12-05T23:00:00.000Z', '2026-12-06T06:30:00.000Z']]);
    // The end walks the chain (bounded): far beyond one occurrence.
    const until = activeUntil(always, at('2026-12-06T00:10Z')) ?? 0;
    expect(until - at('2026-12-06T00:10Z')).toBeGreaterThan(30 * 86_400_000);
  });

  describe('in Europe/Berlin, through the changes of the clocks (the duration is elapsed time)', () => {
    const berlin = (cron: string, duration_minutes: number) =>
      times({ kind: 'recurring', cron, duration_minutes, tz: 'Europe/Berlin' });

    it('spring forward: 01:00 CET for 180 minutes ends at 05:00 CEST', () => {
      const night = berlin('0 0 1 ? * SUN', 180);
      const [span] = periodsOf(night, at('2026-03-28T12:00Z'), at('2026-03-29T12:00Z'));
      expect(spans(span ? [span] : [])).toEqual([['2026-03-29T00:00:00.000Z', '2026-03-29T03:00:00.000Z']]);
      expect(holdsAt(night, at('2026-03-29T04:59:59+02:00'))).toBe(true);
      expect(holdsAt(night, at('2026-03-29T05:00+02:00'))).toBe(false);
    });

    it('fall back: 01:00 CEST for 180 minutes ends at 03:00 CET', () => {
      const night = berlin('0 0 1 ? * SUN', 180);
      const [span] = periodsOf(night, at('2026-10-24T12:00Z'), at('2026-10-25T12:00Z'));
      expect(spans(span ? [span] : [])).toEqual([['2026-10-24T23:00:00.000Z', '2026-10-25T02:00:00.000Z']]);
      expect(iso(activeUntil(night, at('2026-10-25T02:30+02:00')))).toBe('2026-10-25T02:00:00.000Z');
    });

    it('a start in the hour that does not exist is skipped that day (as Quartz fires it); a repeated one starts once', () => {
      const daily = berlin('0 30 2 * * ?', 60);
      const spring = periodsOf(daily, at('2026-03-28T00:00Z'), at('2026-03-31T00:00Z'));
      expect(spans(spring).map(([from]) => from)).toEqual([
        '2026-03-28T01:30:00.000Z',
        '2026-03-30T00:30:00.000Z',
      ]);
      const autumn = periodsOf(daily, at('2026-10-25T00:00Z'), at('2026-10-25T12:00Z'));
      expect(spans(autumn)).toEqual([['2026-10-25T01:30:00.000Z', '2026-10-25T02:30:00.000Z']]);
    });
  });
});

describe('the maintenance of a company: its windows and those of every company', () => {
  const own = named('A', 'NIGHT', {
    kind: 'once',
    from: '2026-12-05T22:00+07:00',
    to: '2026-12-05T23:00+07:00',
  });
  const shared = named('*', 'ALL', {
    kind: 'once',
    from: '2026-12-05T22:30+07:00',
    to: '2026-12-06T01:00+07:00',
  });
  const later = named('*', 'LATER', {
    kind: 'once',
    from: '2026-12-06T01:00+07:00',
    to: '2026-12-06T02:00+07:00',
  });

  it('holds while any holds, until the end of the chained stretch, naming the windows holding now', () => {
    const windows = [own, shared, later];
    expect(maintenanceAt(windows, at('2026-12-05T21:59+07:00'))).toBeNull();
    const early = maintenanceAt(windows, at('2026-12-05T22:15+07:00'));
    expect(iso(early?.until)).toBe('2026-12-05T19:00:00.000Z'); // 02:00, through ALL and LATER (touching)
    expect(early?.windows.map((w) => w.name)).toEqual(['NIGHT']);
    expect(maintenanceAt(windows, at('2026-12-05T22:45+07:00'))?.windows.map((w) => w.name)).toEqual([
      'NIGHT',
      'ALL',
    ]);
  });

  it('gives the scheduler a view: companies held, the earliest end, and holds of companies without own windows', () => {
    const view = maintenanceView([own, shared], at('2026-12-05T22:45+07:00'));
    expect([...view.heldCompanies].sort()).toEqual(['*', 'A']);
    expect(view.holdOf('A')).toEqual({ until: at('2026-12-06T01:00+07:00'), windows: ['NIGHT', '*:ALL'] });
    expect(view.holdOf('B')).toEqual({ until: at('2026-12-06T01:00+07:00'), windows: ['*:ALL'] });
    expect(iso(view.nextEnd)).toBe('2026-12-05T18:00:00.000Z');
    const before = maintenanceView([own], at('2026-12-05T21:00+07:00'));
    expect(before.heldCompanies).toEqual([]);
    expect(before.holdOf('A')).toBeUndefined();
    expect(before.holdsWithin('A', at('2026-12-05T21:59+07:00'), at('2026-12-05T22:00:00.001+07:00'))).toBe(
      true,
    );
    expect(before.holdsWithin('B', at('2026-12-05T21:59+07:00'), at('2026-12-06T00:00+07:00'))).toBe(false);
    expect(maintenanceView([], at('2026-12-05T21:00+07:00')).nextEnd).toBeUndefined();
    // When the maintenance that held a due time ended, as seen after it (capped at the span's end).
    const after = maintenanceView([own, shared], at('2026-12-06T02:00+07:00'));
    expect(after.heldCompanies).toEqual([]);
    expect(iso(after.endOfHold('A', at('2026-12-05T22:10+07:00'), at('2026-12-06T02:00+07:00')))).toBe(
      '2026-12-05T18:00:00.000Z',
    );
    expect(iso(after.endOfHold('B', at('2026-12-05T22:10+07:00'), at('2026-12-05T23:30+07:00')))).toBe(
      '2026-12-05T16:30:00.000Z',
    );
    expect(after.endOfHold('A', at('2026-12-06T01:00+07:00'), at('2026-12-06T02:00+07:00'))).toBeUndefined();
  });
});

describe('the checker', () => {
  const refusal = (schedule: unknown) => {
    try {
      parseSchedule(schedule, 'Asia/Bangkok');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      const domain = error as DomainError;
      expect(domain.code).toBe('MAINTENANCE_INVALID');
      return String(domain.params?.problem);
    }
    throw new Error(`accepted ${JSON.stringify(schedule)}`);
  };

  it('refuses with a message naming the field', () => {
    const once = (from: string, to: string) => ({ kind: 'once', from, to });
    expect(refusal(once('2026-02-30T00:00Z', '2026-03-01T00:00Z'))).toMatch(/^schedule\.from: 2026-02-30/);
    expect(refusal(once('2026-12-05T22:00', '2026-12-06T06:00Z'))).toMatch(/^schedule\.from: .*offset/);
    expect(refusal(once('2026-12-05T22:00Z', '2026-12-05T24:00Z'))).toMatch(/^schedule\.to: /);
    expect(refusal(once('2026-12-05T22:00Z', '2026-12-05T22:00Z'))).toBe(
      'schedule.to: must be after schedule.from',
    );
    expect(refusal(once('2026-12-01T00:00Z', '2027-01-01T00:00:01Z'))).toMatch(
      /^schedule\.to: a one-off window lasts at most 31 days/,
    );
    const recurring = { kind: 'recurring', cron: '0 0 22 ? * SAT', duration_minutes: 60 };
    expect(refusal({ ...recurring, cron: '0 0 25 * * ?' })).toMatch(/^schedule\.cron: .*25/);
    expect(refusal({ ...recurring, tz: 'Mars/Olympus' })).toBe('schedule.tz: unknown time zone Mars/Olympus');
    expect(refusal({ ...recurring, duration_minutes: 0 })).toMatch(/^schedule\.duration_minutes: /);
    expect(refusal({ ...recurring, duration_minutes: 7 * 24 * 60 + 1 })).toMatch(
      /^schedule\.duration_minutes: /,
    );
    expect(refusal({ kind: 'weekly' })).toBe('schedule.kind: must be once or recurring');
  });

  it('accepts exactly 31 days, offsets and milliseconds', () => {
    expect(
      parseSchedule({ kind: 'once', from: '2026-12-01T00:00Z', to: '2027-01-01T00:00Z' }, 'UTC'),
    ).toEqual({
      kind: 'once',
      from: at('2026-12-01T00:00Z'),
      to: at('2027-01-01T00:00Z'),
    });
    const precise = parseSchedule(
      { kind: 'once', from: '2026-12-05T22:00:00.250+07:00', to: '2026-12-05T23:00:00-05:30' },
      'UTC',
    );
    expect(precise).toMatchObject({ from: at('2026-12-05T15:00:00.250Z'), to: at('2026-12-06T04:30:00Z') });
  });
});
