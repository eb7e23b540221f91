import { percentile } from '../bench-result.js';

/** A distribution of milliseconds: the percentiles DESIGN §8 speaks of, the worst, and the early ones. */
export interface Distribution {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  min: number;
  /** Values below zero: a fire (or start) before its scheduled time. Must be 0. */
  negative: number;
}

export function distribution(values: readonly number[]): Distribution {
  const list = [...values];
  return {
    count: list.length,
    p50: percentile(list, 50),
    p95: percentile(list, 95),
    p99: percentile(list, 99),
    max: list.length ? Math.max(...list) : NaN,
    min: list.length ? Math.min(...list) : NaN,
    negative: list.filter((v) => v < 0).length,
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds from the environment (BENCH_…), or the default. */
export function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
