/**
 * A small in-process Prometheus registry (text exposition format 0.0.4): counters, gauges and
 * histograms with labels. The engine imports `metrics` and records what only it knows (stuck
 * fires, handler durations); `/metrics` renders it after the figures read from the database.
 */

export type Labels = Record<string, string>;

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

export function labelText(labels: Labels | undefined): string {
  const entries = Object.entries(labels ?? {});
  if (entries.length === 0) return '';
  return `{${entries.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}`;
}

function keyOf(labels: Labels | undefined): string {
  return JSON.stringify(Object.entries(labels ?? {}).sort(([a], [b]) => a.localeCompare(b)));
}

export function formatNumber(value: number): string {
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  if (Number.isNaN(value)) return 'NaN';
  return String(value);
}

interface Metric {
  readonly name: string;
  render(): string[];
}

abstract class Labelled<T> implements Metric {
  protected readonly series = new Map<string, { labels: Labels | undefined; value: T }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: 'counter' | 'gauge' | 'histogram',
  ) {}
  protected entry(labels: Labels | undefined, initial: () => T) {
    const key = keyOf(labels);
    let found = this.series.get(key);
    if (!found) {
      found = { labels, value: initial() };
      this.series.set(key, found);
    }
    return found;
  }
  protected header(): string[] {
    return [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} ${this.type}`];
  }
  abstract render(): string[];
}

export class Counter extends Labelled<number> {
  constructor(name: string, help: string) {
    super(name, help, 'counter');
  }
  inc(labels?: Labels, by = 1): void {
    if (by < 0) throw new RangeError('a counter only goes up');
    this.entry(labels, () => 0).value += by;
  }
  get(labels?: Labels): number {
    return this.series.get(keyOf(labels))?.value ?? 0;
  }
  render(): string[] {
    return [
      ...this.header(),
      ...[...this.series.values()].map((s) => `${this.name}${labelText(s.labels)} ${formatNumber(s.value)}`),
    ];
  }
}

export class Gauge extends Labelled<number> {
  constructor(name: string, help: string) {
    super(name, help, 'gauge');
  }
  set(value: number, labels?: Labels): void {
    this.entry(labels, () => 0).value = value;
  }
  inc(labels?: Labels, by = 1): void {
    this.entry(labels, () => 0).value += by;
  }
  get(labels?: Labels): number {
    return this.series.get(keyOf(labels))?.value ?? 0;
  }
  render(): string[] {
    return [
      ...this.header(),
      ...[...this.series.values()].map((s) => `${this.name}${labelText(s.labels)} ${formatNumber(s.value)}`),
    ];
  }
}

interface HistogramValue {
  counts: number[];
  sum: number;
  count: number;
}

/** Renders histogram lines from cumulative-or-not bucket counts (used for database-derived ones too). */
export function histogramLines(
  name: string,
  buckets: readonly number[],
  value: HistogramValue,
  labels?: Labels,
): string[] {
  const lines: string[] = [];
  let cumulative = 0;
  buckets.forEach((le, i) => {
    cumulative += value.counts[i] ?? 0;
    lines.push(`${name}_bucket${labelText({ ...labels, le: formatNumber(le) })} ${cumulative}`);
  });
  lines.push(`${name}_bucket${labelText({ ...labels, le: '+Inf' })} ${value.count}`);
  lines.push(`${name}_sum${labelText(labels)} ${formatNumber(value.sum)}`);
  lines.push(`${name}_count${labelText(labels)} ${value.count}`);
  return lines;
}

export class Histogram extends Labelled<HistogramValue> {
  constructor(
    name: string,
    help: string,
    readonly buckets: readonly number[],
  ) {
    super(name, help, 'histogram');
  }
  observe(value: number, labels?: Labels): void {
    const entry = this.entry(labels, () => ({ counts: this.buckets.map(() => 0), sum: 0, count: 0 })).value;
    const index = this.buckets.findIndex((le) => value <= le);
    if (index >= 0) entry.counts[index] = (entry.counts[index] ?? 0) + 1;
    entry.sum += value;
    entry.count += 1;
  }
  render(): string[] {
    return [
      ...this.header(),
      ...[...this.series.values()].flatMap((s) => histogramLines(this.name, this.buckets, s.value, s.labels)),
    ];
  }
}

export class MetricsRegistry {
  private readonly metrics = new Map<string, Metric>();

  private add<T extends Metric>(metric: T): T {
    const existing = this.metrics.get(metric.name);
    if (existing) {
      if (existing.constructor !== metric.constructor)
        throw new Error(`metric ${metric.name} is already registered with another type`);
      return existing as T;
    }
    this.metrics.set(metric.name, metric);
    return metric;
  }

  /** Registers (or returns the already registered) counter of this name. */
  counter(name: string, help: string): Counter {
    return this.add(new Counter(name, help));
  }
  gauge(name: string, help: string): Gauge {
    return this.add(new Gauge(name, help));
  }
  histogram(name: string, help: string, buckets: readonly number[]): Histogram {
    return this.add(
      new Histogram(
        name,
        help,
        [...buckets].sort((a, b) => a - b),
      ),
    );
  }

  render(): string {
    return [...this.metrics.values()].flatMap((m) => m.render()).join('\n') + (this.metrics.size ? '\n' : '');
  }
}

/** The process's registry: the engine records into it, `/metrics` renders it. */
export const metrics = new MetricsRegistry();

/** Fire lateness buckets in seconds (DESIGN §8 budgets: p99 ≤ 50 ms embedded, ≤ 100 ms on a cluster). */
export const LATENESS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60] as const;
