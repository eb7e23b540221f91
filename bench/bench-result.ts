export interface BenchResult {
  name: string;
  unit: string;
  p50: number;
  p95: number;
  p99: number;
  extra: string;
  budget: string;
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? NaN) * 100) / 100;
}
