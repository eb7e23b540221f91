export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 ? sorted[middle] : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
  return round(value ?? NaN, 1);
}

export function mibPerSecond(bytes: number, ms: number): number {
  return round(bytes / 2 ** 20 / (ms / 1000), 1);
}
