import { Type, type Static } from '@sinclair/typebox';
import { ISO_DATE_TIME, PageQuery, PagedList } from './common.js';
import { CompanyCode } from './companies.js';
import { ReportDate } from './reports.js';

/*
 * The mail outbox (DESIGN §4 "Send e-mail", §5): every status e-mail a run queued, sent or kept (without
 * LIS_SMTP_HOST mails stay here). Admins read the rows of their companies. At most one mail per run and
 * condition (decision 0016): PENDING (to send, retried after a certain failure), SENDING (a node is in the
 * SMTP conversation), SENT, UNKNOWN (the whole message went out but the server's final reply never came:
 * the relay may have it, so it is never resent by itself), FAILED (certainly not delivered; given up),
 * KEPT (no SMTP).
 */

export const MAIL_STATUSES = ['PENDING', 'SENDING', 'SENT', 'UNKNOWN', 'FAILED', 'KEPT'] as const;
export const MailStatus = Type.Union(MAIL_STATUSES.map((s) => Type.Literal(s)));
export type MailStatus = Static<typeof MailStatus>;

/** `GET /v1/mail-outbox`: newest first; filtered by status and by the day a mail was queued (LIS issue 31). */
export const MailOutboxQuery = Type.Object(
  {
    /** Absent or '': every company where the caller is admin. */
    company_code: Type.Optional(Type.Union([Type.Literal(''), CompanyCode])),
    status: Type.Optional(MailStatus),
    /** `yyyymmdd` in LIS_TIMEZONE: mails queued on or after that day. */
    date_from: Type.Optional(ReportDate),
    /** `yyyymmdd` in LIS_TIMEZONE: mails queued on or before that day. */
    date_to: Type.Optional(ReportDate),
    ...PageQuery,
  },
  { additionalProperties: false },
);
export type MailOutboxQuery = Static<typeof MailOutboxQuery>;

export const MailOutboxRow = Type.Object({
  seq: Type.Integer(),
  company_code: Type.String(),
  legacy_id: Type.String(),
  job_instance_no: Type.String(),
  condition: Type.String(),
  mail_to: Type.String(),
  mail_cc: Type.String(),
  subject: Type.String(),
  status: MailStatus,
  attempts: Type.Integer({ minimum: 0 }),
  last_error: Type.Union([Type.String(), Type.Null()]),
  created_at: ISO_DATE_TIME,
  sent_at: Type.Union([ISO_DATE_TIME, Type.Null()]),
  /** The mail's Message-ID, the same on every attempt (null until its first attempt). */
  message_id: Type.Union([Type.String(), Type.Null()]),
});
export type MailOutboxRow = Static<typeof MailOutboxRow>;

export const MailOutboxListResponse = PagedList(MailOutboxRow);
export type MailOutboxListResponse = Static<typeof MailOutboxListResponse>;

/** `GET /v1/mail-outbox/body`: one mail's HTML body (shown sandboxed, never as the console's own HTML). */
export const MailOutboxBodyQuery = Type.Object(
  { company_code: CompanyCode, seq: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export type MailOutboxBodyQuery = Static<typeof MailOutboxBodyQuery>;

export const MailOutboxBody = Type.Object({
  seq: Type.Integer(),
  subject: Type.String(),
  body_html: Type.String(),
});
export type MailOutboxBody = Static<typeof MailOutboxBody>;

/**
 * `POST /v1/mail-outbox/resend`: an admin sends an UNKNOWN or FAILED mail again (audited). It keeps its
 * Message-ID, so a relay or recipient that has the first copy can recognise the second.
 */
export const MailOutboxResendRequest = Type.Object(
  { company_code: CompanyCode, seq: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export type MailOutboxResendRequest = Static<typeof MailOutboxResendRequest>;
