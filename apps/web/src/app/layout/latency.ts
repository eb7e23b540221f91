import { DEFAULT_PING_INTERVAL_MS } from '@lis/contracts';

/** A failed measurement is shown as -1 (spec 000 §9). */
export const FAILED_LATENCY = -1;

export type LatencyLevel = 'good' | 'fair' | 'slow' | 'bad';

/** Spec 000 §9: under 150 ms green, under 200 amber, under 400 orange, otherwise (or failed) red. */
export function latencyLevel(ms: number): LatencyLevel {
  if (!Number.isFinite(ms) || ms < 0) return 'bad';
  if (ms < 150) return 'good';
  if (ms < 200) return 'fair';
  if (ms < 400) return 'slow';
  return 'bad';
}

export const LATENCY_COLORS: Record<LatencyLevel, string> = {
  good: '#52c41a',
  fair: '#faad14',
  slow: '#fa8c16',
  bad: '#f5222d',
};

export function latencyColor(ms: number): string {
  return LATENCY_COLORS[latencyLevel(ms)];
}

/** Two decimals; a failure shows -1. */
export function formatLatency(ms: number): string {
  return ms < 0 || !Number.isFinite(ms) ? String(FAILED_LATENCY) : ms.toFixed(2);
}

/** The ping interval in ms: the setting, or 60000 when absent, zero, negative or not a number. */
export function pingIntervalMs(setting: unknown): number {
  const value =
    typeof setting === 'string' && setting.trim() === '' ? Number.NaN : Number(setting ?? Number.NaN);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_PING_INTERVAL_MS;
}

/** The ping address: absolute when configured so, else relative to the console's base. */
export function isAbsoluteUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}
