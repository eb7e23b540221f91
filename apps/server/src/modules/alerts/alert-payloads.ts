import type { AlertChannelKind, AlertCondition, AlertEvent } from '@lis/contracts';
import { escapeHtml } from '../../engine/mail/mail-template.js';
import { message, type MessageKey } from '../../i18n/messages.js';
import { wallClock } from '../../platform/wall-clock.js';
import { serverOfSubject } from '../../engine/server-checks/server-check-state.js';

/** An alert as a delivery sends it: the stored alert, what it names looked up, and the channel's view. */
export interface AlertView {
  eventId: string;
  companyCode: string;
  condition: AlertCondition;
  subject: string;
  legacyId: string | null;
  /** The job's (or chain's) name; its legacy id when it is gone. */
  legacyName: string | null;
  jobInstanceNo: string | null;
  /** The run's state now (ERROR, STOPPED, …), or null without a run. */
  runState: string | null;
  businessDay: string | null;
  deadlineAt: number | null;
  occurredAt: number;
  escalation: boolean;
  /** SERVER_UNREACHABLE: the server its subject names, and where it is (null: deleted since). */
  server?: { kind: 'api' | 'sftp'; serverId: string; address: string | null };
  /** A channel's "send test alert": the summary says so, there is no job. */
  testOf?: { channel: string };
}

/**
 * The language a channel is configured with (EN or TH, per channel): not the caller's — an alert is
 * written for its receiver, whoever's action raised it.
 */
export type ChannelLanguage = 'en' | 'th';

/** Where links point and times are shown. */
export interface PayloadSettings {
  /** LIS_TIMEZONE. */
  timeZone: string;
  /** LIS_PUBLIC_URL (the console's address as receivers reach it), or undefined: links are paths. */
  publicUrl: string | undefined;
  /** LIS_BASE_PATH. */
  basePath: string;
}

const SUMMARY: Record<AlertCondition, MessageKey> = {
  RUN_ERROR: 'alertSummaryRunError',
  RUN_STOPPED: 'alertSummaryRunStopped',
  JOB_SUSPENDED: 'alertSummaryJobSuspended',
  LATE: 'alertSummaryLate',
  MISSING: 'alertSummaryMissing',
  RECOVERED: 'alertSummaryRecovered',
  MISFIRE: 'alertSummaryMisfire',
  SERVER_UNREACHABLE: 'alertSummaryServerUnreachable',
};

/** `yyyy-mm-dd HH:MM` in the zone; `HH:MM` alone with `timeOnly`. */
export function localTime(at: number, timeZone: string, timeOnly = false): string {
  const w = wallClock(at, timeZone);
  const time = `${w.hour}:${w.minute}`;
  return timeOnly ? time : `${w.year}-${w.month}-${w.day} ${time}`;
}

/** The one-line text of the alert in the channel's language (an escalation says so). */
export function alertSummary(view: AlertView, channelLanguage: ChannelLanguage, timeZone: string): string {
  if (view.testOf)
    return message(channelLanguage, 'alertSummaryTest', {
      channel: view.testOf.channel,
      company: view.companyCode,
    });
  if (view.condition === 'SERVER_UNREACHABLE') return serverSummary(view, channelLanguage, timeZone);
  // A misfire's subject ends with its first missed due time (engine/scheduler/fire-due-triggers.ts).
  const missedAt = Number(view.subject.slice(view.subject.lastIndexOf('|') + 1));
  const text = message(channelLanguage, SUMMARY[view.condition], {
    job: view.legacyId ?? view.companyCode,
    run: view.jobInstanceNo ?? '-',
    deadline: view.deadlineAt === null ? '-' : localTime(view.deadlineAt, timeZone, true),
    at: localTime(Number.isFinite(missedAt) && missedAt > 0 ? missedAt : view.occurredAt, timeZone),
    subject: view.subject,
  });
  return view.escalation ? message(channelLanguage, 'alertEscalated', { summary: text }) : text;
}

/** `sFTP server SFTP01 (10.0.0.5:22) is unreachable since …`: the server's kind, id and address, never a secret. */
function serverSummary(view: AlertView, channelLanguage: ChannelLanguage, timeZone: string): string {
  const server = view.server ?? serverOfSubject(view.subject);
  const kind =
    server?.kind === 'api' ? 'alertServerKindApi' : server ? 'alertServerKindSftp' : 'alertLabelServer';
  const text = message(channelLanguage, 'alertSummaryServerUnreachable', {
    kind: message(channelLanguage, kind),
    server: server?.serverId ?? view.subject,
    address: (view.server?.address ?? null) || '-',
    at: localTime(view.occurredAt, timeZone),
  });
  return view.escalation ? message(channelLanguage, 'alertEscalated', { summary: text }) : text;
}

/** Monitor Detail of the alert's run, or the Alerts screen; absolute when LIS_PUBLIC_URL is set. */
export function alertLink(view: AlertView, settings: PayloadSettings): string {
  const query = (values: Record<string, string>) => new URLSearchParams(values).toString();
  const path =
    view.jobInstanceNo && view.legacyId
      ? `legacydetail?${query({ company_code: view.companyCode, legacy_id: view.legacyId, job_no: view.jobInstanceNo })}`
      : `alerts?${query({ event: view.eventId })}`;
  const base = `${settings.publicUrl?.replace(/\/+$/, '') ?? ''}${settings.basePath}`;
  return `${base}${path}`;
}

/** The generic webhook's body: `lis.alert/v1` (AlertEvent of @lis/contracts, docs/alerts.md). */
export function alertEvent(
  view: AlertView,
  channelLanguage: ChannelLanguage,
  settings: PayloadSettings,
): AlertEvent {
  return {
    schema: 'lis.alert/v1',
    event_id: view.eventId,
    type: view.condition,
    occurred_at: new Date(view.occurredAt).toISOString(),
    company_code: view.companyCode,
    job: view.legacyId ? { legacy_id: view.legacyId, legacy_name: view.legacyName ?? view.legacyId } : null,
    run: view.jobInstanceNo
      ? { job_instance_no: view.jobInstanceNo, state: view.runState ?? 'UNKNOWN' }
      : null,
    business_day: view.businessDay,
    deadline_at: view.deadlineAt === null ? null : new Date(view.deadlineAt).toISOString(),
    summary: alertSummary(view, channelLanguage, settings.timeZone),
    link: alertLink(view, settings),
    escalation: view.escalation,
  };
}

/** The labelled facts of an alert (Teams' FactSet, Slack's lines, the e-mail's table). */
function facts(view: AlertView, channelLanguage: ChannelLanguage, timeZone: string): [string, string][] {
  const label = (key: MessageKey) => message(channelLanguage, key);
  const rows: [string, string | null][] = [
    [label('alertLabelCondition'), view.condition],
    [label('alertLabelCompany'), view.companyCode],
    [label('alertLabelJob'), view.legacyId && `${view.legacyId} ${view.legacyName ?? ''}`.trim()],
    [label('alertLabelRun'), view.jobInstanceNo && `${view.jobInstanceNo} (${view.runState ?? 'UNKNOWN'})`],
    [
      label('alertLabelServer'),
      view.server ? `${view.server.serverId}${view.server.address ? ` (${view.server.address})` : ''}` : null,
    ],
    [label('alertLabelBusinessDay'), view.businessDay],
    [label('alertLabelDeadline'), view.deadlineAt === null ? null : localTime(view.deadlineAt, timeZone)],
    [label('alertLabelOccurred'), localTime(view.occurredAt, timeZone)],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null && row[1] !== '');
}

const absolute = (link: string) => /^https?:\/\//.test(link);

/** Microsoft Teams (Workflows / incoming webhook): a message with one Adaptive Card. */
function teamsBody(view: AlertView, channelLanguage: ChannelLanguage, settings: PayloadSettings): unknown {
  const link = alertLink(view, settings);
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            {
              type: 'TextBlock',
              text: alertSummary(view, channelLanguage, settings.timeZone),
              weight: 'Bolder',
              size: 'Medium',
              wrap: true,
            },
            {
              type: 'FactSet',
              facts: facts(view, channelLanguage, settings.timeZone).map(([title, value]) => ({
                title,
                value,
              })),
            },
          ],
          // Teams refuses a card whose OpenUrl is not absolute: without LIS_PUBLIC_URL there is no button.
          actions: absolute(link)
            ? [{ type: 'Action.OpenUrl', title: message(channelLanguage, 'alertOpenInLis'), url: link }]
            : [],
        },
      },
    ],
  };
}

/** Slack's mrkdwn escapes (its documented three). */
const slackText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Slack (incoming webhook): `text` for notifications, and blocks. */
function slackBody(view: AlertView, channelLanguage: ChannelLanguage, settings: PayloadSettings): unknown {
  const summary = alertSummary(view, channelLanguage, settings.timeZone);
  const link = alertLink(view, settings);
  const lines = facts(view, channelLanguage, settings.timeZone).map(
    ([title, value]) => `*${slackText(title)}:* ${slackText(value)}`,
  );
  return {
    text: summary,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: [`*${slackText(summary)}*`, ...lines].join('\n') } },
      ...(absolute(link)
        ? [
            {
              type: 'actions',
              elements: [
                {
                  type: 'button',
                  text: { type: 'plain_text', text: message(channelLanguage, 'alertOpenInLis') },
                  url: link,
                },
              ],
            },
          ]
        : []),
    ],
  };
}

/** The raw JSON body a webhook, Teams or Slack channel is sent. */
export function webhookBody(
  kind: Exclude<AlertChannelKind, 'email'>,
  view: AlertView,
  channelLanguage: ChannelLanguage,
  settings: PayloadSettings,
): string {
  if (kind === 'teams') return JSON.stringify(teamsBody(view, channelLanguage, settings));
  if (kind === 'slack') return JSON.stringify(slackBody(view, channelLanguage, settings));
  return JSON.stringify(alertEvent(view, channelLanguage, settings));
}

/** An e-mail channel's message (through the outbox). */
export function alertMail(view: AlertView, channelLanguage: ChannelLanguage, settings: PayloadSettings) {
  const summary = alertSummary(view, channelLanguage, settings.timeZone);
  const link = alertLink(view, settings);
  const rows = facts(view, channelLanguage, settings.timeZone)
    .map(
      ([title, value]) => `<tr><th align="left">${escapeHtml(title)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return {
    subject: `LIS ${view.companyCode}: ${summary}`.replace(/[\r\n]+/g, ' ').slice(0, 500),
    html:
      `<p><b>${escapeHtml(summary)}</b></p><table>${rows}</table>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(message(channelLanguage, 'alertOpenInLis'))}</a></p>` +
      `<p style="color:#888">event ${escapeHtml(view.eventId)}</p>`,
  };
}
