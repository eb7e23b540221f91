/** Times of day in the reports' zone (LIS_TIMEZONE, sent with the timeline), whatever the browser's zone. */
export interface ZoneClock {
  /** HH:mm:ss */
  time(at: number): string;
  /** HH:mm */
  hourMinute(at: number): string;
  /** dd-mm-yyyy */
  date(at: number): string;
}

export function zoneClock(timeZone: string): ZoneClock {
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', ...options });
  const seconds = part({ hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const minutes = part({ hour: '2-digit', minute: '2-digit' });
  const day = part({ year: 'numeric', month: '2-digit', day: '2-digit' });
  return {
    time: (at) => seconds.format(at),
    hourMinute: (at) => minutes.format(at),
    date: (at) => day.format(at).replaceAll('/', '-'),
  };
}

/** The words of a duration, in the reader's language. */
export interface DurationWords {
  hours(h: number): string;
  minutes(m: number): string;
  seconds(s: number): string;
}

/** `1 h 2 min 3 s`, largest unit first, zero units left out (under a second: `0 s`). */
export function durationText(ms: number, words: DurationWords): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts = [
    h ? words.hours(h) : '',
    m ? words.minutes(m) : '',
    s || total === 0 ? words.seconds(s) : '',
  ];
  return parts.filter(Boolean).join(' ');
}
