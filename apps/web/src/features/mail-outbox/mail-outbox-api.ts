import type { MailOutboxBody, MailOutboxListResponse, MailStatus, MessageResponse } from '@lis/contracts';
import { call } from '../../platform/api/endpoint-client';

export const mailOutboxKeys = {
  all: ['mail-outbox'] as const,
  page: (company: string, page: number, pageSize: number, filter: MailOutboxFilter = {}) =>
    [...mailOutboxKeys.all, company, page, pageSize, filter] as const,
  body: (company: string, seq: number) => [...mailOutboxKeys.all, 'body', company, seq] as const,
};

/** What the outbox is narrowed to: one status, and the days (`yyyymmdd`) the mails were queued. */
export interface MailOutboxFilter {
  status?: MailStatus | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

/** GET /v1/mail-outbox: the company's status e-mails, newest first, narrowed by `filter`. */
export function fetchMailOutbox(
  company: string,
  page: number,
  pageSize: number,
  filter: MailOutboxFilter = {},
  signal?: AbortSignal,
): Promise<MailOutboxListResponse> {
  return call('GET /v1/mail-outbox', {
    query: {
      company_code: company,
      page,
      page_size: pageSize,
      status: filter.status,
      date_from: filter.dateFrom,
      date_to: filter.dateTo,
    },
    signal,
  });
}

/** GET /v1/mail-outbox/body: one e-mail's HTML body. */
export function fetchMailBody(company: string, seq: number, signal?: AbortSignal): Promise<MailOutboxBody> {
  return call('GET /v1/mail-outbox/body', { query: { company_code: company, seq }, signal });
}

/** POST /v1/mail-outbox/resend: an admin sends an UNKNOWN or FAILED e-mail again (same Message-ID). */
export function resendMail(company: string, seq: number): Promise<MessageResponse> {
  return call('POST /v1/mail-outbox/resend', { body: { company_code: company, seq } });
}
