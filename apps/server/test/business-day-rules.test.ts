import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

/** Weekends off, and Monday 30 November 2026 (the month's last weekday) a holiday. */
const BANK = { type: 'weekly', exclude: ['SAT', 'SUN'], base: { type: 'holiday', dates: ['2026-11-30'] } };

// Business-day rules (issue 34) through the API: `NAME;RULE` checked on job and chain save, shown in the
// Quartz Monitor, counted as a use of the calendar; and the cron check's `rule`.
// The test clock stands at 2026-11-21T03:00:00Z (10:00 in Asia/Bangkok, the test LIS_TIMEZONE).
describe.each(DATABASE_KINDS)('business-day rules through the API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
    const saved = await t.as('admin-a', {
      method: 'POST',
      url: '/v1/calendars',
      payload: { company_code: 'A', name: 'A-BANK', definition: BANK },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(() => t.close());

  const reply = (r: { statusCode: number; json(): unknown }) => {
    const body = r.json() as { code?: string; message?: string };
    return { status: r.statusCode, code: body.code, message: body.message ?? '' };
  };
  const job = (cron_trigger: string, trigger_calendars?: string) => ({
    companycode: 'A',
    legacyid: 'BIZ-JOB',
    legacyname: 'Month end',
    legacytype: 'PULL_WAIT',
    cron_trigger,
    ...(trigger_calendars === undefined ? {} : { trigger_calendars }),
  });
  const addJob = (payload: Record<string, unknown>, language = 'en') =>
    t.as('admin-a', {
      method: 'POST',
      url: '/v1/config/job-config/add',
      payload,
      headers: { 'accept-language': language },
    });

  it('refuses a rule that is none, a rule without a calendar and nth on day-restricted fields, naming the trigger', async () => {
    let r = reply(await addJob(job('0 0 9 * * ?', 'A-BANK;nth=0')));
    expect(r).toMatchObject({ status: 400, code: 'CALENDAR_RULE_INVALID' });
    expect(r.message).toContain('Trigger 1 has the rule nth=0');
    r = reply(await addJob(job('0 0 9 * * ?', 'A-BANK;last')));
    expect(r).toMatchObject({ status: 400, code: 'CALENDAR_RULE_INVALID' });
    r = reply(await addJob(job('0 0 9 * * ?|0 0 18 * * ?', '|;shift=next')));
    expect(r).toMatchObject({ status: 400, code: 'CALENDAR_RULE_INVALID' });
    expect(r.message).toContain('Trigger 2 has the rule shift=next but no calendar');
    r = reply(await addJob(job('0 0 9 * * ?|0 0 9 ? * MON-FRI', 'A-BANK|A-BANK;nth=1')));
    expect(r).toMatchObject({ status: 400, code: 'CALENDAR_RULE_INVALID' });
    expect(r.message).toBe(
      'Trigger 2 (0 0 9 ? * MON-FRI): nth=1 needs * or ? in the day-of-month and day-of-week fields (got ? and MON-FRI)',
    );
    const thai = reply(await addJob(job('0 0 9 * * ?|0 0 9 ? * MON-FRI', 'A-BANK|A-BANK;nth=1'), 'th'));
    expect(thai.message).toContain('trigger ที่ 2');
    // Nothing was saved.
    const none = await t.as('admin-a', { url: '/v1/config/job-config/get?company_code=A&legacy_id=BIZ-JOB' });
    expect(none.statusCode).toBe(404);
  });

  it('stores rules in their text form, shows them in the Quartz Monitor, and counts the calendar as used', async () => {
    const added = await addJob(job('0 0 9 * * ?|0 0 9 ? * MON', 'A-BANK; nth=-01|A-BANK;shift=previous'));
    expect(added.statusCode, added.body).toBe(200);
    const got = await t.as('admin-a', { url: '/v1/config/job-config/get?company_code=A&legacy_id=BIZ-JOB' });
    expect(got.json()).toMatchObject({ trigger_calendars: 'A-BANK;nth=-1|A-BANK;shift=previous' });

    const quartz = await t.as('user-a', { url: '/v1/lis-server/quartz?company_code=A' });
    expect(quartz.statusCode, quartz.body).toBe(200);
    const rows = (quartz.json() as { result_list: Record<string, unknown>[] }).result_list.filter(
      (row) => row.jobName === 'BIZ-JOB',
    );
    expect(rows).toMatchObject([
      { calendar: 'A-BANK', calendar_company: 'A', calendar_rule: 'nth=-1', state: 'WAITING' },
      { calendar: 'A-BANK', calendar_company: 'A', calendar_rule: 'shift=previous', state: 'WAITING' },
    ]);

    const calendars = await t.as('user-a', { url: '/v1/calendars?company_code=A' });
    const bank = (
      calendars.json() as { result_list: { name: string; used_by: unknown[] }[] }
    ).result_list.find((calendar) => calendar.name === 'A-BANK');
    expect(bank?.used_by).toEqual([
      { kind: 'job', company_code: 'A', id: 'BIZ-JOB', trigger_position: 0 },
      { kind: 'job', company_code: 'A', id: 'BIZ-JOB', trigger_position: 1 },
    ]);
    const inUse = reply(
      await t.as('admin-a', { method: 'DELETE', url: '/v1/calendars?company_code=A&name=A-BANK' }),
    );
    expect(inUse).toMatchObject({ status: 409, code: 'CALENDAR_IN_USE' });
    expect(inUse.message).toContain('job BIZ-JOB of company A (trigger 1)');

    // A save that does not send trigger_calendars keeps them, checked against the new expressions.
    const restricted = reply(
      await t.as('admin-a', {
        method: 'PUT',
        url: '/v1/config/job-config/update',
        payload: job('0 0 9 ? * FRI|0 0 9 ? * MON'),
      }),
    );
    expect(restricted).toMatchObject({ status: 400, code: 'CALENDAR_RULE_INVALID' });
    expect(restricted.message).toContain('Trigger 1 (0 0 9 ? * FRI)');

    const chain = (TriggerCalendars: string) => ({
      CompanyCode: 'A',
      ChainId: 'BIZ-CHAIN',
      ChainName: 'Chain',
      IsActive: 'true',
      LegacyList: 'BIZ-JOB',
      CronTrigger: '0 0 7 ? * MON-FRI',
      TriggerCalendars,
    });
    const badChain = reply(
      await t.as('admin-a', { method: 'POST', url: '/v1/chainjob/insert', payload: chain('A-BANK;nth=3') }),
    );
    expect(badChain).toMatchObject({ status: 400, code: 'CALENDAR_RULE_INVALID' });
    expect(badChain.message).toContain('Trigger 1 (0 0 7 ? * MON-FRI)');
    const okChain = await t.as('admin-a', {
      method: 'POST',
      url: '/v1/chainjob/insert',
      payload: chain('A-BANK;shift=next'),
    });
    expect(okChain.statusCode, okChain.body).toBe(200);
    const chains = await t.as('admin-a', { url: '/v1/chainjob/get?chainJobId=BIZ-CHAIN&companyCode=A' });
    expect(chains.json()).toMatchObject([{ chainId: 'BIZ-CHAIN', triggerCalendars: 'A-BANK;shift=next' }]);
  });

  it('previews the rule’s fire times in the cron check, and refuses a rule it cannot use', async () => {
    const check = (payload: Record<string, unknown>) =>
      t.as('user-a', { method: 'POST', url: '/v1/cron/check', payload });
    let r = await check({
      expression: '0 0 9 * * ?',
      count: 2,
      calendar: BANK,
      rule: { rule: 'nth', n: -1 },
    });
    expect(r.statusCode, r.body).toBe(200);
    // 30 November is a holiday: Friday the 27th; December's last weekday is Thursday the 31st.
    expect(r.json().next_fire_times).toEqual(['2026-11-27T02:00:00.000Z', '2026-12-31T02:00:00.000Z']);
    r = await check({
      expression: '0 0 9 ? * MON',
      count: 2,
      calendar: BANK,
      rule: { rule: 'shift', to: 'previous' },
    });
    expect(r.json().next_fire_times).toEqual(['2026-11-23T02:00:00.000Z', '2026-11-27T02:00:00.000Z']);
    for (const [payload, message] of [
      [
        { expression: '0 0 9 * * ?', rule: { rule: 'nth', n: 3 } },
        'The business-day rule nth=3 needs a calendar',
      ],
      [
        { expression: '0 0 9 * * ?', calendar: BANK, rule: { rule: 'nth', n: 0 } },
        'nth=0 is not a business-day rule',
      ],
      [
        { expression: '0 0 9 ? * MON', calendar: BANK, rule: { rule: 'nth', n: 1 } },
        'nth=1 needs * or ? in the day-of-month and day-of-week fields of 0 0 9 ? * MON',
      ],
    ] as const) {
      const refused = reply(await check(payload));
      expect(refused).toMatchObject({ status: 400, code: 'CALENDAR_RULE_INVALID' });
      expect(refused.message).toContain(message);
    }
    expect(
      reply(await check({ expression: '0 0 9 * * ?', calendar: BANK, rule: { rule: 'nth', n: 24 } })).status,
    ).toBe(400);
  });
});
