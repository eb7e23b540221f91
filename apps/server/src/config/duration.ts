const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses `8h`, `15m`, `30s`, `500ms` or a plain number of seconds into milliseconds. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+)(ms|s|m|h|d)?$/.exec(text.trim());
  if (!match) return undefined;
  const unit = match[2] ?? 's';
  return Number(match[1]) * (UNITS[unit] ?? 1000);
}
