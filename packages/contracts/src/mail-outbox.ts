import { Type, type Static } from '@sinclair/typebox';
import { ISO_DATE_TIME, PageQuery, PagedList } from './common.js';
import { CompanyCode } from './companies.js';

/*
 * The mail outbox (DESIGN §4 "Send e-mail", §5): every status e-mail a run queued, sent or kept (without
 * LIS_SMTP_HOST mails stay here). Admins read the rows of their companies.
 */

export const MAIL_STATUSES = ['PENDING', 'SENT', 'FAILED', 'KEPT'] as const;
export const MailStatus = Type.Union(MAIL_STATUSES.map((s) => Type.Literal(s)));
export type MailStatus = Static<typeof MailStatus>;

/** `GET /v1/mail-outbox`: newest first. */
export const MailOutboxQuery = Type.Object(
  {
    /** Absent or '': every company where the caller is admin. */
    company_code: Type.Optional(Type.Union([Type.Literal(''), CompanyCode])),
    status: Type.Optional(MailStatus),
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
