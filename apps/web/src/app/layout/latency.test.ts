import { describe, expect, it } from 'vitest';
import {
  formatLatency,
  isAbsoluteUrl,
  latencyColor,
  latencyLevel,
  LATENCY_COLORS,
  pingIntervalMs,
} from './latency';

describe('latency colour', () => {
  it('follows the thresholds of spec 000 §9', () => {
    expect(latencyLevel(0)).toBe('good');
    expect(latencyLevel(149.99)).toBe('good');
    expect(latencyLevel(150)).toBe('fair');
    expect(latencyLevel(199.99)).toBe('fair');
    expect(latencyLevel(200)).toBe('slow');
    expect(latencyLevel(399.99)).toBe('slow');
    expect(latencyLevel(400)).toBe('bad');
    expect(latencyLevel(5000)).toBe('bad');
  });

  it('shows a failed measurement in red', () => {
    expect(latencyLevel(-1)).toBe('bad');
    expect(latencyColor(-1)).toBe(LATENCY_COLORS.bad);
    expect(latencyColor(12)).toBe(LATENCY_COLORS.good);
  });

  it('formats with two decimals, and -1 on failure', () => {
    expect(formatLatency(12.3456)).toBe('12.35');
    expect(formatLatency(7)).toBe('7.00');
    expect(formatLatency(-1)).toBe('-1');
  });
});

describe('ping interval', () => {
  it('defaults to 60000 when absent, zero or not a number', () => {
    expect(pingIntervalMs(undefined)).toBe(60000);
    expect(pingIntervalMs(null)).toBe(60000);
    expect(pingIntervalMs(0)).toBe(60000);
    expect(pingIntervalMs(Number.NaN)).toBe(60000);
    expect(pingIntervalMs('abc')).toBe(60000);
    expect(pingIntervalMs('')).toBe(60000);
    expect(pingIntervalMs(-5)).toBe(60000);
  });

  it('uses the setting otherwise', () => {
    expect(pingIntervalMs(15000)).toBe(15000);
    expect(pingIntervalMs('30000')).toBe(30000);
  });
});

describe('ping address', () => {
  it('tells absolute addresses from base-relative ones', () => {
    expect(isAbsoluteUrl('https://workflow.example/ping')).toBe(true);
    expect(isAbsoluteUrl('v1/ping')).toBe(false);
    expect(isAbsoluteUrl('/v1/ping')).toBe(false);
  });
});
