import {
  DEFAULT_SID,
  EMAIL_BODY_MAX,
  EMAIL_CONDITIONS,
  EMAIL_SUBJECT_MAX,
  type EmailContent,
  type EmailContentSave,
} from '@lis/contracts';
import type { CompanyRepository } from '../companies/company.repository.js';
import type { Clock } from '../../platform/clock.js';
import { requireCompany } from './config-scope.js';
import type { AuditDetails } from './config-secrets.js';
import type { ServerConfigRepository } from './server-config.repository.js';
import { invalid } from '../../platform/domain-error.js';

/** A company's e-mail subject and body per condition, base64 on the wire and UTF-8 text in store. */
export class EmailContentService {
  constructor(
    private readonly repo: ServerConfigRepository,
    private readonly companies: CompanyRepository,
    private readonly clock: Clock,
  ) {}

  async list(company: string): Promise<{ result_list: EmailContent[]; total_count: number }> {
    const rows = await this.repo.emailContents(company);
    const byCondition = new Map(rows.map((r) => [r.condition, r]));
    const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    const result_list = EMAIL_CONDITIONS.map((condition) => {
      const row = byCondition.get(condition);
      return {
        sid: row?.sid ?? DEFAULT_SID,
        company_code: company,
        condition,
        content_subject: b64(row?.content_subject ?? ''),
        content_body: b64(row?.content_body ?? ''),
      };
    });
    return { result_list, total_count: result_list.length };
  }

  async save(company: string, items: EmailContentSave, username: string): Promise<AuditDetails> {
    const seen = new Set<string>();
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const decode = (value: string, field: string, condition: string, max: number) => {
      const bytes = Buffer.from(value, 'base64');
      let text: string;
      try {
        text = decoder.decode(bytes);
      } catch {
        throw invalid('EMAIL_CONTENT_NOT_BASE64', 'emailContentInvalid', { field, condition });
      }
      if (bytes.toString('base64').replace(/=+$/, '') !== value.replace(/=+$/, ''))
        throw invalid('EMAIL_CONTENT_NOT_BASE64', 'emailContentInvalid', { field, condition });
      if (text.length > max)
        throw invalid('EMAIL_CONTENT_TOO_LONG', 'emailContentTooLong', { field, condition, max });
      return text;
    };
    const now = this.clock.now();
    const rows = items.map((item) => {
      if (item.company_code !== undefined && item.company_code !== company)
        throw invalid('EMAIL_CONTENT_COMPANY_MISMATCH', 'emailContentCompanyMismatch', { company });
      if (seen.has(item.condition))
        throw invalid('EMAIL_CONTENT_CONDITION_TWICE', 'emailContentDuplicate', {
          condition: item.condition,
        });
      seen.add(item.condition);
      return {
        company_code: company,
        condition: item.condition,
        sid: item.sid ?? DEFAULT_SID,
        content_subject: decode(item.content_subject, 'content_subject', item.condition, EMAIL_SUBJECT_MAX),
        content_body: decode(item.content_body, 'content_body', item.condition, EMAIL_BODY_MAX),
        updated_at: now,
        updated_by: username,
      };
    });
    await requireCompany(this.companies, company);
    const before = await this.repo.emailContents(company);
    await this.repo.saveEmailContents(rows);
    const summary = (r: { condition: string; content_subject: string; content_body: string }) => ({
      condition: r.condition,
      content_subject: r.content_subject,
      content_body_length: r.content_body.length,
    });
    return {
      before: before.filter((r) => seen.has(r.condition)).map(summary),
      after: rows.map(summary),
    };
  }
}
