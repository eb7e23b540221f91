import { AlertEvent } from '@lis/contracts';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import {
  alertEvent,
  alertLink,
  alertMail,
  alertSummary,
  webhookBody,
  type AlertView,
} from './alert-payloads.js';
import { maskUrl, scrubUrl } from './channel-address.js';

const DEADLINE = Date.parse('2026-12-07T03:00:00Z'); // 10:00 in Bangkok
const view = (overrides: Partial<AlertView> = {}): AlertView => ({
  eventId: '0b7f3c1e-5d0a-4c55-9f43-2f1b8f7b9c11',
  companyCode: 'BANK1',
  condition: 'MISSING',
  subject: 'PAYROLL-IN|2026-12-07',
  legacyId: 'PAYROLL-IN',
  legacyName: 'Payroll from partner',
  jobInstanceNo: null,
  runState: null,
  businessDay: '2026-12-07',
  deadlineAt: DEADLINE,
  occurredAt: DEADLINE,
  escalation: false,
  ...overrides,
});
const settings = { timeZone: 'Asia/Bangkok', basePath: '/', publicUrl: 'https://lis.example.com' };

describe('what an alert says', () => {
  it('summarises each condition in English and Thai, deadlines and misfires in the zone', () => {
    expect(alertSummary(view(), 'en', 'Asia/Bangkok')).toBe(
      'PAYROLL-IN: the expected files did not arrive by 10:00',
    );
    expect(alertSummary(view(), 'th', 'Asia/Bangkok')).toBe('PAYROLL-IN: ไฟล์ที่รอไม่มาภายในกำหนด 10:00');
    expect(alertSummary(view({ condition: 'LATE' }), 'en', 'Asia/Bangkok')).toBe(
      'PAYROLL-IN: the expected files have not arrived; the deadline is 10:00',
    );
    const misfire = view({ condition: 'MISFIRE', subject: `job|BANK1|PAYROLL-IN|0|${DEADLINE}` });
    expect(alertSummary(misfire, 'en', 'Asia/Bangkok')).toBe(
      'PAYROLL-IN: fire times were missed (misfire) from 2026-12-07 10:00',
    );
    const stopped = view({ condition: 'RUN_STOPPED', jobInstanceNo: 'PAYROLL-IN_1', escalation: true });
    expect(alertSummary(stopped, 'en', 'Asia/Bangkok')).toBe(
      'Escalated: PAYROLL-IN: run PAYROLL-IN_1 was stopped',
    );
  });

  it('names an unreachable server by its kind, id and address, never its credentials, in English and Thai', () => {
    const outage = Date.parse('2026-12-07T02:55:00Z');
    const unreachable = view({
      condition: 'SERVER_UNREACHABLE',
      subject: `sftp|SFTP01|${new Date(outage).toISOString()}`,
      legacyId: null,
      legacyName: null,
      businessDay: null,
      deadlineAt: null,
      occurredAt: outage,
      server: { kind: 'sftp', serverId: 'SFTP01', address: '10.0.0.5:22' },
    });
    expect(alertSummary(unreachable, 'en', 'Asia/Bangkok')).toBe(
      'sFTP server SFTP01 (10.0.0.5:22) is unreachable since 2026-12-07 09:55: its connection checks failed',
    );
    expect(alertSummary(unreachable, 'th', 'Asia/Bangkok')).toBe(
      'เซิร์ฟเวอร์ sFTP SFTP01 (10.0.0.5:22) ติดต่อไม่ได้ตั้งแต่ 2026-12-07 09:55: การตรวจสอบการเชื่อมต่อไม่สำเร็จ',
    );
    // Deleted since: named from the subject alone.
    const api = {
      ...unreachable,
      subject: `api|FAPP01|${new Date(outage).toISOString()}`,
      server: undefined,
    };
    expect(alertSummary(api, 'en', 'Asia/Bangkok')).toBe(
      'Function server FAPP01 (-) is unreachable since 2026-12-07 09:55: its connection checks failed',
    );
    const event = alertEvent(unreachable, 'en', settings);
    expect(Value.Check(AlertEvent, event)).toBe(true);
    expect(event).toMatchObject({ job: null, run: null, type: 'SERVER_UNREACHABLE' });
    expect(webhookBody('slack', unreachable, 'en', settings)).toContain('*Server:* SFTP01 (10.0.0.5:22)');
  });

  it('is a lis.alert/v1 event linking the Alerts screen, or Monitor Detail of its run', () => {
    const event = alertEvent(view(), 'en', settings);
    expect(Value.Check(AlertEvent, event)).toBe(true);
    expect(event).toMatchObject({
      link: 'https://lis.example.com/alerts?event=0b7f3c1e-5d0a-4c55-9f43-2f1b8f7b9c11',
      deadline_at: '2026-12-07T03:00:00.000Z',
      job: { legacy_id: 'PAYROLL-IN', legacy_name: 'Payroll from partner' },
      run: null,
    });
    expect(
      alertLink(view({ jobInstanceNo: 'PAYROLL-IN_2' }), {
        ...settings,
        publicUrl: 'https://h.test/',
        basePath: '/lis/',
      }),
    ).toBe('https://h.test/lis/legacydetail?company_code=BANK1&legacy_id=PAYROLL-IN&job_no=PAYROLL-IN_2');
  });

  it('gives Teams an OpenUrl and Slack a button when the link is absolute; escapes Slack’s and the mail’s text', () => {
    const teams = JSON.parse(webhookBody('teams', view(), 'th', settings)) as {
      attachments: { content: { actions: { type: string; title: string; url: string }[] } }[];
    };
    expect(teams.attachments[0]?.content.actions).toEqual([
      {
        type: 'Action.OpenUrl',
        title: 'เปิดใน LIS',
        url: 'https://lis.example.com/alerts?event=0b7f3c1e-5d0a-4c55-9f43-2f1b8f7b9c11',
      },
    ]);
    const tricky = view({ legacyId: 'A<b>&c', legacyName: '<script>' });
    const slack = JSON.parse(webhookBody('slack', tricky, 'en', settings)) as {
      blocks: { type: string; text?: { text: string } }[];
    };
    expect(slack.blocks.map((block) => block.type)).toEqual(['section', 'actions']);
    expect(slack.blocks[0]?.text?.text).toContain('A&lt;b&gt;&amp;c');
    expect(alertMail(tricky, 'en', settings).html).not.toContain('<script>');
  });
});

describe('a secret URL', () => {
  it('is masked past its first path segment, its query and its user part', () => {
    expect(maskUrl(new URL('https://hooks.slack.com/services/T000/B000/XXXX'))).toBe(
      'https://hooks.slack.com/services/***',
    );
    expect(maskUrl(new URL('https://user:pw@example.test:8443/hook?token=x'))).toBe(
      'https://***@example.test:8443/hook?***',
    );
    expect(maskUrl(new URL('https://example.test'))).toBe('https://example.test/');
  });

  it('is scrubbed from an error text, whole or by its path', () => {
    const url = 'https://hooks.slack.com/services/T000/B000/XXXX';
    const masked = 'https://hooks.slack.com/services/***';
    expect(scrubUrl(`Failed to parse URL from ${url}`, url, masked)).toBe(
      `Failed to parse URL from ${masked}`,
    );
    expect(scrubUrl('GET /services/T000/B000/XXXX refused', url, masked)).toBe('GET /*** refused');
  });
});
