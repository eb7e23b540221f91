const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** Spec 001 §9: quartz times are `dd-mm-yyyy hh:mm:ss` (here in `LIS_TIMEZONE`); '' when there is none. */
export function formatQuartzTime(at: number | null, timeZone: string): string {
  if (at === null) return '';
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}
