import { describe, expect, it } from 'vitest';
import { jobInstanceNo, timeStamp } from './job-instance-no.js';

const fixedBytes = (size: number) => Buffer.from(Array.from({ length: size }, (_, i) => i * 10));

describe('jobInstanceNo', () => {
  it('stamps the fire time in the zone, with a random base-36 suffix', () => {
    const at = Date.UTC(2026, 10, 30, 3, 15, 0); // 10:15 in Bangkok
    expect(timeStamp(at, 'Asia/Bangkok')).toBe('20261130101500');
    expect(jobInstanceNo('JOB1', at, 'Asia/Bangkok', fixedBytes)).toBe('JOB1_20261130101500_0aku');
  });

  it('fits varchar(160) whatever the legacy id', () => {
    const id = jobInstanceNo('X'.repeat(300), 0, 'UTC');
    expect(id).toHaveLength(160);
    expect(id).toMatch(/^X+_19700101000000_[0-9a-z]{4}$/);
  });
});
