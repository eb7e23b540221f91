import { describe, expect, it } from 'vitest';
import { callIdempotencyKey, type CallIdentity } from './function-server.idempotency.js';

const CALL: CallIdentity = {
  runId: '42',
  companyCode: 'A',
  legacyId: 'JOB_1',
  jobInstanceNo: 'JOB_1_20250101083000',
  step: 2,
  className: 'Demo',
  functionName: 'post',
  files: [
    { fileName: 'b.csv', sha256: 'b'.repeat(64) },
    { fileName: 'a.csv', sha256: 'a'.repeat(64) },
  ],
};

describe('the idempotency key of a function call', () => {
  it('is 64 hex characters, the same for the same run, step, function and files in any order', () => {
    const key = callIdempotencyKey(CALL);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(callIdempotencyKey({ ...CALL, files: [...CALL.files].reverse() })).toBe(key);
    expect(callIdempotencyKey({ ...CALL })).toBe(key);
  });

  it('differs for another run, step, function or file set', () => {
    const key = callIdempotencyKey(CALL);
    const others: Partial<CallIdentity>[] = [
      { runId: '43' },
      { jobInstanceNo: 'JOB_1_20250101083001' },
      { companyCode: 'B' },
      { legacyId: 'JOB_2' },
      { step: 3 },
      { className: 'Other' },
      { functionName: 'validate' },
      { files: [] },
      { files: [{ fileName: 'a.csv', sha256: 'a'.repeat(64) }] },
      { files: [{ fileName: 'a.csv', sha256: 'c'.repeat(64) }, CALL.files[0]!] },
      { files: [{ fileName: 'x.csv', sha256: 'a'.repeat(64) }, CALL.files[0]!] },
    ];
    const keys = others.map((other) => callIdempotencyKey({ ...CALL, ...other }));
    expect(new Set([key, ...keys]).size).toBe(others.length + 1);
  });

  it('without files (OUT_WAIT, PULL_WAIT) depends on the run and the step only', () => {
    const none = { ...CALL, files: [] };
    expect(callIdempotencyKey(none)).toBe(callIdempotencyKey({ ...none }));
    expect(callIdempotencyKey(none)).not.toBe(callIdempotencyKey({ ...none, runId: '43' }));
  });
});
