import { UnknownTimeZoneError } from './cron-errors.js';
import { civilFromDays, daysFromCivil, MS_PER_DAY, MS_PER_SECOND } from './gregorian-date.js';

/** A change of a zone's UTC offset at an instant. */
interface OffsetTransition {
  /** Epoch milliseconds from which offsetAfter applies. */
  readonly at: number;
  readonly offsetAfter: number;
}

/** The offsets of a zone during one UTC calendar year [start, end). */
interface YearOffsets {
  readonly start: number;
  readonly end: number;
  readonly offsetAtStart: number;
  readonly transitions: readonly OffsetTransition[];
}

const OFFSET_PATTERN = /GMT(?:([+-])(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?)?$/;

/**
 * The UTC offsets of an IANA time zone, read from the runtime's Intl data (no dependency).
 * Offsets are computed once per zone and UTC year (the transitions of that year), then looked up.
 */
export class TimeZoneRules {
  private static readonly byName = new Map<string, TimeZoneRules>();
  private readonly offsetFormat: Intl.DateTimeFormat;
  private readonly years = new Map<number, YearOffsets>();
  private lastYear: YearOffsets | undefined;

  private constructor(readonly timeZone: string) {
    try {
      this.offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    } catch (error) {
      throw new UnknownTimeZoneError(timeZone, { cause: error });
    }
  }

  /** The rules of a zone (cached); throws UnknownTimeZoneError for an unknown name. */
  static of(timeZone: string): TimeZoneRules {
    let rules = TimeZoneRules.byName.get(timeZone);
    if (!rules) {
      rules = new TimeZoneRules(timeZone);
      TimeZoneRules.byName.set(timeZone, rules);
    }
    return rules;
  }

  /** Offset (wall time minus UTC) in milliseconds at an instant. */
  offsetAt(epochMs: number): number {
    const table = this.yearOffsetsAt(epochMs);
    let offset = table.offsetAtStart;
    for (const transition of table.transitions) {
      if (transition.at > epochMs) break;
      offset = transition.offsetAfter;
    }
    return offset;
  }

  /**
   * The instant of a wall-clock time (given as milliseconds since 1970-01-01T00:00 wall time),
   * resolved as java.util.GregorianCalendar resolves it, which Quartz relies on:
   * the offset in force is the one after the latest transition whose wall-clock start is at or before
   * the time. So a time in a spring-forward gap is read with the offset before the gap (02:30 becomes
   * 03:30), and a time in a fall-back overlap is the later of its two instants (standard time).
   */
  wallTimeToInstant(wallMs: number): number {
    // Offsets never exceed a day, so only transitions within two days of the wall time can matter.
    const windowStart = wallMs - 2 * MS_PER_DAY;
    const windowEnd = wallMs + 2 * MS_PER_DAY;
    let offset = this.offsetAt(windowStart);
    let table: YearOffsets | undefined = this.yearOffsetsAt(windowStart);
    while (table) {
      for (const transition of table.transitions) {
        if (transition.at <= windowStart) continue;
        if (transition.at > windowEnd || transition.at + transition.offsetAfter > wallMs)
          return wallMs - offset;
        offset = transition.offsetAfter;
      }
      table = table.end <= windowEnd ? this.yearOffsetsAt(table.end) : undefined;
    }
    return wallMs - offset;
  }

  private yearOffsetsAt(epochMs: number): YearOffsets {
    const last = this.lastYear;
    if (last && epochMs >= last.start && epochMs < last.end) return last;
    this.lastYear = this.yearOffsets(civilFromDays(Math.floor(epochMs / MS_PER_DAY)).year);
    return this.lastYear;
  }

  private yearOffsets(year: number): YearOffsets {
    let table = this.years.get(year);
    if (!table) {
      table = this.computeYearOffsets(year);
      this.years.set(year, table);
    }
    return table;
  }

  /** Samples the offset once a day and pins each change down to the second. */
  private computeYearOffsets(year: number): YearOffsets {
    const start = daysFromCivil(year, 1, 1) * MS_PER_DAY;
    const end = daysFromCivil(year + 1, 1, 1) * MS_PER_DAY;
    const offsetAtStart = this.readOffset(start);
    const transitions: OffsetTransition[] = [];
    let previousSample = start;
    let previousOffset = offsetAtStart;
    for (let sample = start + MS_PER_DAY; sample < end + MS_PER_DAY; sample += MS_PER_DAY) {
      const at = Math.min(sample, end - MS_PER_SECOND);
      const offset = this.readOffset(at);
      if (offset !== previousOffset) {
        transitions.push({
          at: this.findTransition(previousSample, previousOffset, at),
          offsetAfter: offset,
        });
        previousOffset = offset;
      }
      previousSample = at;
    }
    return { start, end, offsetAtStart, transitions };
  }

  /** The first second after `before` (whose offset is `offsetBefore`) with another offset, up to `after`. */
  private findTransition(before: number, offsetBefore: number, after: number): number {
    let low = before;
    let high = after;
    while (high - low > MS_PER_SECOND) {
      const middle = low + Math.floor((high - low) / 2 / MS_PER_SECOND) * MS_PER_SECOND;
      if (this.readOffset(middle) === offsetBefore) low = middle;
      else high = middle;
    }
    return high;
  }

  private readOffset(epochMs: number): number {
    const match = OFFSET_PATTERN.exec(this.offsetFormat.format(epochMs));
    if (!match) throw new Error(`Cannot read the UTC offset of ${this.timeZone}`);
    const [, sign, hours, minutes, seconds] = match;
    if (!sign) return 0;
    const magnitude =
      (Number(hours) * 3600 + Number(minutes ?? 0) * 60 + Number(seconds ?? 0)) * MS_PER_SECOND;
    return sign === '-' ? -magnitude : magnitude;
  }
}

/** True when the runtime knows the zone. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    TimeZoneRules.of(timeZone);
    return true;
  } catch {
    return false;
  }
}
