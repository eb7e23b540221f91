import { DEFAULT_SID, EMAIL_CONDITIONS, type EmailCondition, type EmailContentSave } from '@lis/contracts';
import { call } from '../../platform/api/endpoint-client';
import { base64ToUtf8, utf8ToBase64 } from './base64-utf8';

export const emailContentKeys = {
  all: ['email-content'] as const,
  company: (company: string) => [...emailContentKeys.all, company] as const,
};

/** One condition's template as people edit it (decoded text). */
export interface EmailTemplate {
  subject: string;
  body: string;
}

export type EmailTemplates = Record<EmailCondition, EmailTemplate>;

export function emptyTemplates(): EmailTemplates {
  return Object.fromEntries(
    EMAIL_CONDITIONS.map((condition) => [condition, { subject: '', body: '' }]),
  ) as EmailTemplates;
}

/** GET /v1/config/email-content?company_code=: the four templates, decoded from base64 of UTF-8. */
export async function fetchEmailTemplates(company: string, signal?: AbortSignal): Promise<EmailTemplates> {
  const reply = await call('GET /v1/config/email-content', {
    query: { sid: DEFAULT_SID, company_code: company },
    signal,
  });
  const templates = emptyTemplates();
  for (const item of reply.result_list) {
    if (!(EMAIL_CONDITIONS as readonly string[]).includes(item.condition)) continue;
    templates[item.condition] = {
      subject: base64ToUtf8(item.content_subject),
      body: base64ToUtf8(item.content_body),
    };
  }
  return templates;
}

/** The POST body: the four templates with subject and body as base64 of UTF-8 (spec 001 §3, §7). */
export function toSaveBody(company: string, templates: EmailTemplates): EmailContentSave {
  return EMAIL_CONDITIONS.map((condition) => ({
    sid: DEFAULT_SID,
    company_code: company,
    condition,
    content_subject: utf8ToBase64(templates[condition].subject),
    content_body: utf8ToBase64(templates[condition].body),
  }));
}

export function saveEmailTemplates(company: string, templates: EmailTemplates) {
  return call('POST /v1/config/email-content', {
    body: toSaveBody(company, templates),
    query: {
      sid: DEFAULT_SID,
      company_code: company,
    },
  });
}
