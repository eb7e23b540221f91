import { describe, expect, it } from 'vitest';
import { nextCheckState, outageSubject, serverOfSubject, type CheckOutcome } from './server-check-state.js';

const OK: CheckOutcome = { ok: true };
const DOWN: CheckOutcome = {
  ok: false,
  error: { key: 'sftpTestCannotConnect', params: { host: 'h', port: 22 } },
};

describe('the connection check rules', () => {
  it('is unknown until decided, reachable after one success, unreachable after the threshold — since the first failure', () => {
    const first = nextCheckState(undefined, DOWN, 1_000);
    expect(first).toMatchObject({
      becameUnreachable: false,
      next: { state: null, failures: 1, failingSince: 1_000 },
    });
    const second = nextCheckState(first.next, DOWN, 2_000);
    expect(second).toMatchObject({
      becameUnreachable: true,
      outageStart: 1_000,
      next: { state: 'UNREACHABLE', since: 1_000, failures: 2 },
    });
    const third = nextCheckState(second.next, DOWN, 3_000);
    expect(third).toMatchObject({
      becameUnreachable: false,
      next: { state: 'UNREACHABLE', since: 1_000, failures: 3 },
    });
    const back = nextCheckState(third.next, OK, 4_000);
    expect(back).toMatchObject({
      becameReachable: true,
      outageStart: 1_000,
      next: { state: 'REACHABLE', since: 4_000, failures: 0, failingSince: null },
    });
  });

  it('pages nobody for one blip, and keeps a reachable server reachable since its first success', () => {
    const up = nextCheckState(undefined, OK, 1_000);
    expect(up).toMatchObject({ becameReachable: false, next: { state: 'REACHABLE', since: 1_000 } });
    const blip = nextCheckState(up.next, DOWN, 2_000);
    expect(blip).toMatchObject({
      becameUnreachable: false,
      next: { state: 'REACHABLE', since: 1_000, failures: 1 },
    });
    const again = nextCheckState(blip.next, OK, 3_000);
    expect(again).toMatchObject({
      becameReachable: false,
      next: { state: 'REACHABLE', since: 1_000, failures: 0 },
    });
    expect(nextCheckState(undefined, DOWN, 5_000, 1).becameUnreachable).toBe(true);
  });

  it('names one outage per server and start, and reads it back', () => {
    const subject = outageSubject('sftp', 'SFTP|01', Date.parse('2026-12-07T02:55:00Z'));
    expect(subject).toBe('sftp|SFTP|01|2026-12-07T02:55:00.000Z');
    expect(serverOfSubject(subject)).toEqual({ kind: 'sftp', serverId: 'SFTP|01' });
    expect(serverOfSubject('PAYROLL-IN|2026-12-07')).toBeUndefined();
  });
});
