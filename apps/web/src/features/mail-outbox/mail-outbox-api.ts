import type { MailOutboxBody, MailOutboxListResponse, MessageResponse } from '@lis/contracts';
import { api } from '../../app/api/http';

export const mailOutboxKeys = {
  all: ['mail-outbox'] as const,
  page: (company: string, page: number, pageSize: number) =>
    [...mailOutboxKeys.all, company, page, pageSize] as const,
  body: (company: string, seq: number) => [...mailOutboxKeys.all, 'body', company, seq] as const,
};

/** GET /v1/mail-outbox: the company's status e-mails, newest first. */
export function fetchMailOutbox(
  company: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<MailOutboxListResponse> {
  return api.get<MailOutboxListResponse>(
    'v1/mail-outbox',
    { company_code: company, page, page_size: pageSize },
    signal,
  );
}

/** GET /v1/mail-outbox/body: one e-mail's HTML body. */
export function fetchMailBody(company: string, seq: number, signal?: AbortSignal): Promise<MailOutboxBody> {
  return api.get<MailOutboxBody>('v1/mail-outbox/body', { company_code: company, seq }, signal);
}

/** POST /v1/mail-outbox/resend: an admin sends an UNKNOWN or FAILED e-mail again (same Message-ID). */
export function resendMail(company: string, seq: number): Promise<MessageResponse> {
  return api.post<MessageResponse>('v1/mail-outbox/resend', { company_code: company, seq });
}
