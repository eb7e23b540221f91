import crypto from 'node:crypto';
import {
  ALERT_MAX_CHANNELS_PER_COMPANY,
  type AlertChannel,
  type AlertChannelWrite,
  type AlertNamedKey,
} from '@lis/contracts';
import type { SmtpConfig } from '../../config/config.js';
import { messageIdDomain } from '../../engine/mail/mail-outbox.js';
import { deliverMessage } from '../../engine/mail/smtp-delivery.js';
import { keyed } from '../../i18n/messages.js';
import type { Clock } from '../../platform/clock.js';
import { conflict, invalid, notFound } from '../../platform/domain-error.js';
import type { CompanyRepository } from '../companies/company.repository.js';
import type { SecretBox } from '../secrets/secret-box.js';
import { requireCompany } from '../server-config/config-scope.js';
import { openSealed } from '../server-config/config-secrets.js';
import type { AlertChannelRow, AlertConfigRepository } from './alert-config.repository.js';
import { parseRule } from './alert-rule-model.js';
import { alertMail, type AlertView, type PayloadSettings } from './alert-payloads.js';
import { channelSecretSlot, checkChannelUrl, isEmailAddress, maskUrl } from './channel-address.js';
import { openChannel, postToChannel } from './channel-sender.js';

export interface AlertChannelServiceDeps {
  repo: AlertConfigRepository;
  companies: CompanyRepository;
  box: SecretBox;
  clock: Clock;
  settings: PayloadSettings;
  /** The SMTP server an e-mail channel's test is sent through (none: the test says so). */
  smtp: SmtpConfig | undefined;
  mailFrom: string;
}

/** The record before and after, secrets reduced to `*_changed` flags (the audit trail's details). */
export type ChannelAudit = Record<string, unknown>;

/** What a channel's test came to (the route renders `delivered` as its message). */
export interface ChannelTestResult {
  delivered: boolean;
  status: number | null;
  answer: string;
  error: string | null;
}

const refuse = (problem: string) => invalid('ALERT_CHANNEL_INVALID', 'alertChannelInvalid', { problem });
const iso = (at: number) => new Date(at).toISOString();

export function channelDto(row: AlertChannelRow): AlertChannel {
  let recipients: string[] = [];
  try {
    recipients = JSON.parse(row.recipients) as string[];
  } catch {
    recipients = [];
  }
  return {
    company_code: row.company_code,
    name: row.name,
    kind: row.kind,
    language: row.language,
    enabled: row.enabled === 1,
    recipients,
    url_masked: row.url_masked,
    has_secret: row.secret_enc !== null,
    updated_at: iso(Number(row.updated_at)),
    updated_by: row.updated_by,
  };
}

/**
 * A company's alert channels (issue 35, docs/alerts.md): e-mail recipients, or a webhook, Teams or
 * Slack URL — sealed, answered masked — and a webhook's HMAC secret, write-only.
 */
export class AlertChannelService {
  constructor(private readonly deps: AlertChannelServiceDeps) {}

  async list(company: string): Promise<{ result_list: AlertChannel[] }> {
    return { result_list: (await this.deps.repo.channels(company)).map(channelDto) };
  }

  private async stored(company: string, name: string): Promise<AlertChannelRow> {
    const row = await this.deps.repo.channel(company, name);
    if (!row) throw notFound('ALERT_CHANNEL_NOT_FOUND', 'alertChannelNotFound', { name, company });
    return row;
  }

  /** Creates (`insert`) or replaces (`update`) a channel; a replace without `url`/`secret` keeps them. */
  async save(
    body: AlertChannelWrite,
    mode: 'insert' | 'update',
    username: string,
  ): Promise<{ channel: AlertChannel; audit: ChannelAudit }> {
    const { repo, box, clock } = this.deps;
    const { company_code: company, name } = body;
    const before = await repo.channel(company, name);
    if (mode === 'update' && !before)
      throw notFound('ALERT_CHANNEL_NOT_FOUND', 'alertChannelNotFound', { name, company });
    if (mode === 'insert') {
      await requireCompany(this.deps.companies, company);
      if (before) throw conflict('ALERT_CHANNEL_EXISTS', 'alertChannelExists', { name, company });
      if ((await repo.count('alert_channels', company)) >= ALERT_MAX_CHANNELS_PER_COMPANY)
        throw conflict('ALERT_TOO_MANY', 'alertTooMany', {
          company,
          max: ALERT_MAX_CHANNELS_PER_COMPANY,
          what: keyed('alertWordChannels'),
        });
    }
    const address = this.address(body, before);
    const now = clock.now();
    const values = {
      company_code: company,
      name,
      kind: body.kind,
      language: body.language,
      enabled: body.enabled ? 1 : 0,
      recipients: JSON.stringify(address.recipients),
      url_enc:
        address.url === undefined ? null : box.seal(address.url, channelSecretSlot(company, name, 'url_enc')),
      url_masked: address.url === undefined ? '' : maskUrl(new URL(address.url)),
      secret_enc:
        address.secret === undefined
          ? null
          : box.seal(address.secret, channelSecretSlot(company, name, 'secret_enc')),
      updated_at: now,
      updated_by: username,
    };
    if (mode === 'insert') {
      if (!(await repo.insertChannel({ ...values, created_at: now })))
        throw conflict('ALERT_CHANNEL_EXISTS', 'alertChannelExists', { name, company });
    } else if (!(await repo.updateChannel(values))) {
      throw notFound('ALERT_CHANNEL_NOT_FOUND', 'alertChannelNotFound', { name, company });
    }
    const channel = channelDto(await this.stored(company, name));
    return {
      channel,
      audit: {
        before: before ? channelDto(before) : undefined,
        after: channel,
        url_changed: address.urlChanged,
        secret_changed: address.secretChanged,
      },
    };
  }

  /**
   * The recipients, URL and secret the channel will hold (opened), checked against its kind; a replace
   * keeps the stored URL and secret it does not give. A webhook moved to a new URL needs its secret
   * again (decision 0024: a stored secret is used only with the address it was saved with).
   */
  private address(body: AlertChannelWrite, before: AlertChannelRow | undefined) {
    const slot = (column: 'url_enc' | 'secret_enc') =>
      channelSecretSlot(body.company_code, body.name, column);
    const recipients = (body.recipients ?? []).map((recipient) => recipient.trim()).filter(Boolean);
    if (body.kind === 'email') {
      if (body.url !== undefined || body.secret !== undefined)
        throw refuse('an e-mail channel takes recipients, no url or secret');
      if (recipients.length === 0) throw refuse('recipients: an e-mail channel needs at least one');
      const bad = recipients.find((recipient) => !isEmailAddress(recipient));
      if (bad !== undefined) throw refuse(`recipients: ${bad.slice(0, 100)} is not an e-mail address`);
      return { recipients, url: undefined, secret: undefined, urlChanged: false, secretChanged: false };
    }
    if (recipients.length > 0) throw refuse(`recipients: a ${body.kind} channel takes a url, no recipients`);
    if (body.secret !== undefined && body.kind !== 'webhook')
      throw refuse(`secret: a ${body.kind} channel's URL is its secret; it takes no other`);
    const storedUrl =
      before?.kind === 'email'
        ? undefined
        : openSealed(this.deps.box, before?.url_enc ?? null, slot('url_enc'));
    const url = body.url === undefined ? storedUrl : checkChannelUrl(body.url).toString();
    if (url === undefined) throw refuse(`url: a ${body.kind} channel needs one`);
    const urlChanged = url !== storedUrl;
    if (body.kind !== 'webhook')
      return { recipients: [], url, secret: undefined, urlChanged, secretChanged: false };
    const storedSecret =
      before?.kind === 'webhook'
        ? openSealed(this.deps.box, before.secret_enc, slot('secret_enc'))
        : undefined;
    if (body.secret === undefined && storedSecret !== undefined && urlChanged && storedUrl !== undefined)
      throw invalid('SECRET_REQUIRED_FOR_NEW_ADDRESS', 'alertSecretAgain');
    const secret = body.secret ?? storedSecret;
    if (secret === undefined) throw refuse('secret: a webhook channel needs one (16 to 256 characters)');
    return { recipients: [], url, secret, urlChanged, secretChanged: body.secret !== undefined };
  }

  async delete(key: AlertNamedKey): Promise<{ name: string; audit: ChannelAudit }> {
    const { company_code: company, name } = key;
    const before = await this.stored(company, name);
    const users = (await this.deps.repo.rules(company))
      .map(parseRule)
      .filter((rule) => rule.channels.includes(name) || rule.escalateTo === name)
      .map((rule) => rule.name);
    if (users.length > 0)
      throw conflict('ALERT_CHANNEL_IN_USE', 'alertChannelInUse', { name, rules: users.join(', ') });
    if (!(await this.deps.repo.delete('alert_channels', company, name)))
      throw notFound('ALERT_CHANNEL_NOT_FOUND', 'alertChannelNotFound', { name, company });
    return { name, audit: { before: channelDto(before) } };
  }

  /**
   * Sends a test alert to the channel now (a RECOVERED event marked as a test in its summary and its
   * event id `test-…`; no retry) and answers what the receiver, or the SMTP server, said.
   */
  async test(key: AlertNamedKey): Promise<ChannelTestResult> {
    const channel = openChannel(this.deps.box, await this.stored(key.company_code, key.name));
    const eventId = `test-${crypto.randomUUID()}`;
    const view: AlertView = {
      eventId,
      companyCode: channel.companyCode,
      condition: 'RECOVERED',
      subject: 'test',
      legacyId: null,
      legacyName: null,
      jobInstanceNo: null,
      runState: null,
      businessDay: null,
      deadlineAt: null,
      occurredAt: this.deps.clock.now(),
      escalation: false,
      testOf: { channel: channel.name },
    };
    if (channel.kind !== 'email') {
      const result = await postToChannel(channel, view, this.deps.settings);
      return {
        delivered: result.delivered,
        status: 'status' in result ? result.status : null,
        answer: result.answer ?? '',
        error: 'error' in result ? result.error : result.delivered ? null : `HTTP ${result.status}`,
      };
    }
    const { smtp, mailFrom } = this.deps;
    if (!smtp) return { delivered: false, status: null, answer: '', error: 'no SMTP server is configured' };
    const mail = alertMail(view, channel.language, this.deps.settings);
    const outcome = await deliverMessage(smtp, {
      from: mailFrom,
      to: channel.recipients,
      cc: [],
      bcc: [],
      subject: mail.subject,
      html: mail.html,
      messageId: `<lis.${eventId}@${messageIdDomain(mailFrom)}>`,
    });
    if (outcome.outcome === 'sent')
      return { delivered: true, status: null, answer: outcome.response.slice(0, 500), error: null };
    return { delivered: false, status: null, answer: '', error: outcome.reason.slice(0, 500) };
  }
}
