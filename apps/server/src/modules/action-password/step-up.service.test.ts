import { describe, expect, it } from 'vitest';
import { ACTION_PASSWORD_MIN_LENGTH } from '@lis/contracts';
import { expectRefusal, TEST_PASSWORD, useServiceHarness } from '../../test-support/service-harness.js';
import { DATABASE_KINDS } from '../../test-support/test-database.js';
import { STEP_UP_MAX_ATTEMPTS, STEP_UP_WINDOW_MS, type StepUpAction } from './step-up.service.js';

const ACTION: StepUpAction = {
  action: 'run-immediate',
  target: 'JOB-1',
  companyCode: 'A',
  method: 'GET',
  ip: '127.0.0.1',
};

describe.each(DATABASE_KINDS)('StepUpService on %s', (kind) => {
  const h = useServiceHarness(kind);
  const stepUp = () => h.services.stepUp;
  /** The outcomes of the step-up attempts audited for a user, oldest first. */
  const outcomes = async (username: string) =>
    (await h.services.audit.latest(1000))
      .filter((row) => row.route === 'step-up' && row.username === username)
      .reverse()
      .map((row) => `${row.status_code} ${(JSON.parse(String(row.details)) as { outcome: string }).outcome}`);

  it("asks for the user's own password until an action password is set, then for that one", async () => {
    expect(await stepUp().mode()).toBe('own_password');
    await stepUp().verify('admin-a', TEST_PASSWORD, ACTION);
    await expectRefusal(stepUp().verify('admin-a', 'wrong', ACTION), {
      kind: 'forbidden',
      key: 'stepUpOwnPasswordWrong',
    });
    await expectRefusal(stepUp().verify('admin-a', '', ACTION), {
      kind: 'invalid',
      key: 'stepUpOwnPasswordRequired',
    });

    await stepUp().setActionPassword('Action-Pass-77');
    expect(await stepUp().mode()).toBe('action_password');
    await stepUp().verify('admin-a', ['Action-Pass-77'], ACTION);
    await expectRefusal(stepUp().verify('admin-a', TEST_PASSWORD, ACTION), {
      kind: 'forbidden',
      key: 'actionPasswordWrong',
    });
    await expectRefusal(stepUp().verify('admin-a', undefined, ACTION), {
      kind: 'invalid',
      key: 'actionPasswordRequired',
    });

    await stepUp().clearActionPassword();
    expect(await stepUp().mode()).toBe('own_password');
    expect(await outcomes('admin-a')).toEqual([
      '200 passed',
      '403 wrong',
      '400 missing',
      '200 passed',
      '403 wrong',
      '400 missing',
    ]);
  });

  it('refuses an action password of the wrong length and keeps the mode', async () => {
    await expectRefusal(stepUp().setActionPassword('x'.repeat(ACTION_PASSWORD_MIN_LENGTH - 1)), {
      kind: 'invalid',
      key: 'actionPasswordLength',
    });
    expect(await stepUp().mode()).toBe('own_password');
  });

  it('a user without a password of their own is refused', async () => {
    await h.services.userAccounts.create({
      id: 'portal',
      list_company: [{ company_code: 'A', role_access: 'user' }],
    });
    await expectRefusal(stepUp().verify('portal', 'anything', ACTION), {
      kind: 'forbidden',
      key: 'stepUpNoOwnPassword',
    });
  });

  it('counts attempts per user before verifying: past the budget even the right password waits', async () => {
    for (let i = 0; i < STEP_UP_MAX_ATTEMPTS; i++)
      await expectRefusal(stepUp().verify('user-a', 'wrong', ACTION), {
        kind: 'forbidden',
        key: 'stepUpOwnPasswordWrong',
      });
    await expectRefusal(stepUp().verify('user-a', TEST_PASSWORD, ACTION), {
      kind: 'too_many_requests',
      key: 'stepUpThrottled',
      params: { minutes: STEP_UP_WINDOW_MS / 60_000 },
    });
    // Another user's budget is their own.
    await stepUp().verify('user-b', TEST_PASSWORD, ACTION);
    // A passed check gives its attempt back; the window over, the budget is whole again.
    h.clock.advance(STEP_UP_WINDOW_MS);
    await stepUp().verify('user-a', TEST_PASSWORD, ACTION);
    expect((await outcomes('user-a')).at(-2)).toBe('429 throttled');
  });
});
