import { Type, type Static } from '@sinclair/typebox';
import { CompanyCode } from './companies.js';
import { JobLegacyId } from './job-config.js';
import { ServerCheckKind } from './server-reachability.js';

/*
 * Issue 35 — deadlines for expected files, alerts, and signed webhooks. Version 1 of the contract
 * (docs/alerts.md); its routes are `alertEndpoints` and `expectationEndpoints` (endpoints/alerts.ts).
 *
 * A job may expect files by a deadline on each business day it runs (the days its triggers and their
 * calendars fire on). The engine evaluates each (job, business day) once across the cluster:
 *   PENDING    the day's deadline has not come and the files have not arrived (yet)
 *   ON_TIME    the files arrived before the deadline
 *   LATE       the warning time has passed (deadline − warn_before_minutes) and nothing arrived
 *   MISSING    the deadline passed and the files did not arrive
 *   RECOVERED  the files arrived after the deadline (after LATE or MISSING)
 * "Arrived" means a run of the job fired on that business day loaded at least `min_files` files
 * (at most `max_files`, each of at least `min_size_bytes`), by the time its step 1 ended.
 */

export const EXPECTATION_STATES = ['PENDING', 'ON_TIME', 'LATE', 'MISSING', 'RECOVERED'] as const;
export type ExpectationState = (typeof EXPECTATION_STATES)[number];
export const ExpectationState = Type.Union(EXPECTATION_STATES.map((s) => Type.Literal(s)));

/** HH:MM in the job's zone (LIS_TIMEZONE). */
export const DeadlineTime = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' });

export const JobExpectation = Type.Object(
  {
    company_code: CompanyCode,
    legacy_id: JobLegacyId,
    enabled: Type.Boolean(),
    /** The files are expected by this time of each business day. */
    deadline: DeadlineTime,
    /** LATE this many minutes before the deadline when nothing arrived (0: no LATE warning). */
    warn_before_minutes: Type.Integer({ minimum: 0, maximum: 720 }),
    min_files: Type.Integer({ minimum: 1, maximum: 100_000 }),
    max_files: Type.Union([Type.Integer({ minimum: 1, maximum: 100_000 }), Type.Null()]),
    min_size_bytes: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type JobExpectation = Static<typeof JobExpectation>;

/** `GET /v1/job-expectations?company_code&legacy_id` (404 EXPECTATION_NOT_FOUND when none). */
export const JobExpectationKey = Type.Object(
  { company_code: CompanyCode, legacy_id: JobLegacyId },
  { additionalProperties: false },
);
export type JobExpectationKey = Static<typeof JobExpectationKey>;

/** One job's expectation on one business day. */
export const ExpectationDay = Type.Object({
  company_code: Type.String(),
  legacy_id: Type.String(),
  /** yyyy-mm-dd in the job's zone. */
  business_day: Type.String(),
  deadline_at: Type.String({ description: 'ISO 8601' }),
  warn_at: Type.String({ description: 'ISO 8601' }),
  state: ExpectationState,
  /** When the expected files arrived (the loading run's step 1 end), or null. */
  arrived_at: Type.Union([Type.String(), Type.Null()]),
  /** The run that brought them. */
  job_instance_no: Type.Union([Type.String(), Type.Null()]),
  files: Type.Integer({ minimum: 0 }),
});
export type ExpectationDay = Static<typeof ExpectationDay>;

/** `GET /v1/job-expectations/status?company_code&date`: every expecting job of the day. */
export const ExpectationStatusQuery = Type.Object(
  {
    company_code: Type.Optional(Type.String({ maxLength: 32 })),
    date: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  },
  { additionalProperties: false },
);
export const ExpectationStatusResponse = Type.Object({ result_list: Type.Array(ExpectationDay) });
export type ExpectationStatusResponse = Static<typeof ExpectationStatusResponse>;

/*
 * Alerts. A condition raises an alert event; the company's rules route it to channels.
 */
export const ALERT_CONDITIONS = [
  'RUN_ERROR',
  'JOB_SUSPENDED',
  'RUN_STOPPED',
  'LATE',
  'MISSING',
  'RECOVERED',
  'MISFIRE',
  'SERVER_UNREACHABLE',
] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];
export const AlertCondition = Type.Union(ALERT_CONDITIONS.map((c) => Type.Literal(c)));

/** The most alert channels, and rules, a company may have. */
export const ALERT_MAX_CHANNELS_PER_COMPANY = 50;
export const ALERT_MAX_RULES_PER_COMPANY = 100;

export const ALERT_CHANNEL_KINDS = ['email', 'webhook', 'teams', 'slack'] as const;
export type AlertChannelKind = (typeof ALERT_CHANNEL_KINDS)[number];

export const AlertChannelName = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$',
});
export const AlertLanguage = Type.Union([Type.Literal('en'), Type.Literal('th')]);

/** What an administrator writes. `secret` (webhook only) is write-only: it is sealed, never answered. */
export const AlertChannelWrite = Type.Object(
  {
    company_code: CompanyCode,
    name: AlertChannelName,
    kind: Type.Union(ALERT_CHANNEL_KINDS.map((k) => Type.Literal(k))),
    language: AlertLanguage,
    enabled: Type.Boolean(),
    /** email: the recipients. */
    recipients: Type.Optional(Type.Array(Type.String({ maxLength: 254 }), { maxItems: 50 })),
    /** webhook, teams, slack: the receiver's URL (https, or http to an allowed address). */
    url: Type.Optional(Type.String({ maxLength: 2_000 })),
    /** webhook: the HMAC key (16–256 characters); absent on a replace: kept as stored. */
    secret: Type.Optional(Type.String({ minLength: 16, maxLength: 256 })),
  },
  { additionalProperties: false },
);
export type AlertChannelWrite = Static<typeof AlertChannelWrite>;

export const AlertChannel = Type.Object({
  company_code: Type.String(),
  name: Type.String(),
  kind: Type.Union(ALERT_CHANNEL_KINDS.map((k) => Type.Literal(k))),
  language: AlertLanguage,
  enabled: Type.Boolean(),
  recipients: Type.Array(Type.String()),
  /** The URL with its query and any user part masked (a Teams or Slack URL is itself a secret). */
  url_masked: Type.String(),
  has_secret: Type.Boolean(),
  updated_at: Type.String(),
  updated_by: Type.Union([Type.String(), Type.Null()]),
});
export type AlertChannel = Static<typeof AlertChannel>;

export const AlertRuleWrite = Type.Object(
  {
    company_code: CompanyCode,
    name: AlertChannelName,
    enabled: Type.Boolean(),
    conditions: Type.Array(AlertCondition, { minItems: 1, uniqueItems: true }),
    /** The jobs it covers: legacy ids, or empty for every job of the company. */
    jobs: Type.Array(JobLegacyId, { maxItems: 500 }),
    channels: Type.Array(AlertChannelName, { minItems: 1, maxItems: 10, uniqueItems: true }),
    /** An open alert re-notifies `escalate_to` once after this many minutes (null: no escalation). */
    escalate_after_minutes: Type.Union([Type.Integer({ minimum: 1, maximum: 10_080 }), Type.Null()]),
    escalate_to: Type.Union([AlertChannelName, Type.Null()]),
  },
  { additionalProperties: false },
);
export type AlertRuleWrite = Static<typeof AlertRuleWrite>;

export const ALERT_STATES = ['open', 'acknowledged', 'resolved'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

export const AlertDelivery = Type.Object({
  channel: Type.String(),
  attempt: Type.Integer({ minimum: 1 }),
  at: Type.String(),
  /** The receiver's HTTP status, or null on a network error / e-mail. */
  status: Type.Union([Type.Integer(), Type.Null()]),
  outcome: Type.Union([Type.Literal('delivered'), Type.Literal('retrying'), Type.Literal('failed')]),
  error: Type.Union([Type.String(), Type.Null()]),
  escalation: Type.Boolean(),
});

export const ALERT_DELIVERY_STATES = ['pending', 'sending', 'delivered', 'failed', 'cancelled'] as const;
export type AlertDeliveryState = (typeof ALERT_DELIVERY_STATES)[number];

/**
 * Where one delivery of an alert stands (one per channel, and one for the escalation): `pending`
 * (due, or waiting for its next attempt), `sending`, `delivered`, `failed` (an administrator may send it
 * again: `POST /v1/alerts/deliveries/resend`), `cancelled` (an escalation the alert no longer needed).
 */
export const AlertDeliveryStatus = Type.Object({
  channel: Type.String(),
  escalation: Type.Boolean(),
  state: Type.Union(ALERT_DELIVERY_STATES.map((s) => Type.Literal(s))),
  /** Attempts so far, over every sending of it. */
  attempts: Type.Integer({ minimum: 0 }),
});
export type AlertDeliveryStatus = Static<typeof AlertDeliveryStatus>;

export const Alert = Type.Object({
  /** The event id: the same in every delivery of this alert (`X-LIS-Event-Id`), so receivers de-duplicate. */
  event_id: Type.String(),
  company_code: Type.String(),
  condition: AlertCondition,
  legacy_id: Type.Union([Type.String(), Type.Null()]),
  job_instance_no: Type.Union([Type.String(), Type.Null()]),
  business_day: Type.Union([Type.String(), Type.Null()]),
  /** SERVER_UNREACHABLE (decision 0049): the function (api) or sFTP server of the outage; absent otherwise. */
  server: Type.Optional(Type.Object({ kind: ServerCheckKind, server_id: Type.String() })),
  raised_at: Type.String(),
  state: Type.Union(ALERT_STATES.map((s) => Type.Literal(s))),
  acknowledged_by: Type.Union([Type.String(), Type.Null()]),
  acknowledged_at: Type.Union([Type.String(), Type.Null()]),
  comment: Type.Union([Type.String(), Type.Null()]),
  resolved_at: Type.Union([Type.String(), Type.Null()]),
  escalated_at: Type.Union([Type.String(), Type.Null()]),
  /** Every attempt of every delivery, oldest first. */
  deliveries: Type.Array(AlertDelivery),
  /** Each delivery's state now (channel, escalation), in the order they were queued. */
  delivery_states: Type.Array(AlertDeliveryStatus),
});
export type Alert = Static<typeof Alert>;

/**
 * The JSON body of a generic webhook (schema `lis.alert/v1`; docs/schemas/alert-event-v1.schema.json).
 * Headers: `X-LIS-Event-Id`, `X-LIS-Timestamp` (Unix seconds) and `X-LIS-Signature-256:
 * sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>" with the channel's secret>`.
 */
export const AlertEvent = Type.Object(
  {
    schema: Type.Literal('lis.alert/v1'),
    event_id: Type.String(),
    type: AlertCondition,
    occurred_at: Type.String({ description: 'ISO 8601' }),
    company_code: Type.String(),
    job: Type.Union([Type.Object({ legacy_id: Type.String(), legacy_name: Type.String() }), Type.Null()]),
    run: Type.Union([Type.Object({ job_instance_no: Type.String(), state: Type.String() }), Type.Null()]),
    business_day: Type.Union([Type.String(), Type.Null()]),
    deadline_at: Type.Union([Type.String(), Type.Null()]),
    /** The text in the channel's language. */
    summary: Type.String(),
    /** Monitor Detail of the run, or the Alerts screen. */
    link: Type.String(),
    escalation: Type.Boolean(),
  },
  { $id: 'AlertEvent', additionalProperties: false },
);
export type AlertEvent = Static<typeof AlertEvent>;

/* The API's shapes (endpoints/alerts.ts). */

export const AlertCompanyQuery = Type.Object(
  { company_code: Type.String({ minLength: 1, maxLength: 32 }) },
  { additionalProperties: false },
);
export const AlertNamedKey = Type.Object(
  { company_code: Type.String({ minLength: 1, maxLength: 32 }), name: AlertChannelName },
  { additionalProperties: false },
);
export type AlertNamedKey = Static<typeof AlertNamedKey>;

export const AlertChannelListResponse = Type.Object({ result_list: Type.Array(AlertChannel) });

/** `POST /v1/alert-channels/test`: sends a test event of type RECOVERED marked as a test; the receiver's answer. */
export const AlertChannelTestResponse = Type.Object({
  message: Type.String(),
  delivered: Type.Boolean(),
  status: Type.Union([Type.Integer(), Type.Null()]),
  /** The start of the receiver's answer (or the SMTP server's reply). */
  answer: Type.String(),
  error: Type.Union([Type.String(), Type.Null()]),
});
export type AlertChannelTestResponse = Static<typeof AlertChannelTestResponse>;

export const AlertRule = Type.Composite([
  AlertRuleWrite,
  Type.Object({ updated_at: Type.String(), updated_by: Type.Union([Type.String(), Type.Null()]) }),
]);
export type AlertRule = Static<typeof AlertRule>;
export const AlertRuleListResponse = Type.Object({ result_list: Type.Array(AlertRule) });

/** An alert's event id, as the API takes it. */
export const AlertEventId = Type.String({ minLength: 1, maxLength: 64 });

export const AlertListQuery = Type.Object(
  {
    company_code: Type.Optional(Type.String({ maxLength: 32 })),
    /** The one alert of this event id (the webhook's `link`), if it is of the caller's companies. */
    event_id: Type.Optional(AlertEventId),
    state: Type.Optional(Type.Union(ALERT_STATES.map((s) => Type.Literal(s)))),
    condition: Type.Optional(AlertCondition),
    legacy_id: Type.Optional(Type.String({ maxLength: 100 })),
    /** Raised at or after / before (ISO 8601). */
    from: Type.Optional(Type.String({ maxLength: 40 })),
    to: Type.Optional(Type.String({ maxLength: 40 })),
    page: Type.Optional(Type.Integer({ minimum: 1 })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  { additionalProperties: false },
);
export type AlertListQuery = Static<typeof AlertListQuery>;
export const AlertListResponse = Type.Object({
  result_list: Type.Array(Alert),
  total_count: Type.Integer({ minimum: 0 }),
});

export const AlertAcknowledge = Type.Object(
  { event_id: AlertEventId, comment: Type.String({ maxLength: 1000 }) },
  { additionalProperties: false },
);
export type AlertAcknowledge = Static<typeof AlertAcknowledge>;

/**
 * `POST /v1/alerts/deliveries/resend` (an administrator of the company): a `failed` delivery — the
 * alert's to `channel`, or its escalation — is sent again: pending at once with a fresh retry schedule,
 * the same event id; its earlier attempts stay recorded. Answers the alert.
 */
export const AlertDeliveryResend = Type.Object(
  {
    company_code: Type.String({ minLength: 1, maxLength: 32 }),
    event_id: AlertEventId,
    channel: AlertChannelName,
    escalation: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type AlertDeliveryResend = Static<typeof AlertDeliveryResend>;

export const AlertSummaryQuery = Type.Object(
  { company_code: Type.Optional(Type.String({ maxLength: 32 })) },
  { additionalProperties: false },
);

/** `GET /v1/alerts/summary`: the header's badge — open alerts of the caller's companies. */
export const AlertSummaryResponse = Type.Object({
  open: Type.Integer({ minimum: 0 }),
  by_condition: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
});
export type AlertSummaryResponse = Static<typeof AlertSummaryResponse>;
