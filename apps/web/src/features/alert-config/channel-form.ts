import type { AlertChannel, AlertChannelKind, AlertChannelWrite } from '@lis/contracts';

export type ChannelMode = 'add' | 'edit';

/** The channel editor's fields: every kind's own (only the chosen kind's are shown and sent). */
export interface ChannelFormValues {
  company_code: string;
  name: string;
  kind: AlertChannelKind;
  language: 'en' | 'th';
  enabled: boolean;
  /** email */
  recipients: string[];
  /** webhook, teams, slack: typed whole; on edit empty keeps the stored one (it is never shown). */
  url: string;
  /** webhook: write-only; on edit empty keeps the stored one. */
  secret: string;
}

export const emptyChannelForm = (company: string): ChannelFormValues => ({
  company_code: company,
  name: '',
  kind: 'webhook',
  language: 'en',
  enabled: true,
  recipients: [],
  url: '',
  secret: '',
});

/**
 * A saved channel in the editor: its URL and secret are not in the answer (the URL only masked — a
 * Teams or Slack URL is itself a secret), so both start empty and stay as stored unless typed.
 */
export function channelToForm(channel: AlertChannel): ChannelFormValues {
  return {
    company_code: channel.company_code,
    name: channel.name,
    kind: channel.kind,
    language: channel.language,
    enabled: channel.enabled,
    recipients: [...channel.recipients],
    url: '',
    secret: '',
  };
}

/** The kinds that post to a URL. */
export const usesUrl = (kind: AlertChannelKind) => kind !== 'email';

/**
 * The body of POST / PUT: the kind's own fields only; on edit an empty URL or secret is left out (the
 * server keeps the stored one), a typed secret is sent as typed (never trimmed: it is a key).
 */
export function toChannelWrite(values: ChannelFormValues, mode: ChannelMode): AlertChannelWrite {
  const body: AlertChannelWrite = {
    company_code: values.company_code,
    name: values.name.trim(),
    kind: values.kind,
    language: values.language,
    enabled: values.enabled,
  };
  if (values.kind === 'email') body.recipients = values.recipients.map((r) => r.trim()).filter(Boolean);
  else {
    const url = values.url.trim();
    if (url || mode === 'add') body.url = url;
  }
  if (values.kind === 'webhook' && values.secret !== '') body.secret = values.secret;
  return body;
}

/* Checks: each answers the key of a message in alert-config.i18n.ts, or undefined when valid. */

export type ChannelCheck =
  | 'nameRequired'
  | 'nameInvalid'
  | 'recipientsRequired'
  | 'recipientInvalid'
  | 'urlRequired'
  | 'urlInvalid'
  | 'secretRequired'
  | 'secretLength';

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkName(value: string | undefined): ChannelCheck | undefined {
  const name = (value ?? '').trim();
  if (!name) return 'nameRequired';
  return name.length <= 64 && NAME.test(name) ? undefined : 'nameInvalid';
}

export function checkRecipients(value: string[] | undefined): ChannelCheck | undefined {
  const recipients = (value ?? []).map((r) => r.trim()).filter(Boolean);
  if (recipients.length === 0) return 'recipientsRequired';
  return recipients.every((r) => EMAIL.test(r) && r.length <= 254) ? undefined : 'recipientInvalid';
}

/** Required on add (and when the kind changes to one with a URL); on edit empty keeps the stored one. */
export function checkUrl(value: string | undefined, required: boolean): ChannelCheck | undefined {
  const url = (value ?? '').trim();
  if (!url) return required ? 'urlRequired' : undefined;
  try {
    const parsed = new URL(url);
    return ['http:', 'https:'].includes(parsed.protocol) && url.length <= 2000 ? undefined : 'urlInvalid';
  } catch {
    return 'urlInvalid';
  }
}

/** 16–256 characters; required when the channel holds none yet. */
export function checkSecret(value: string | undefined, required: boolean): ChannelCheck | undefined {
  const secret = value ?? '';
  if (!secret) return required ? 'secretRequired' : undefined;
  return secret.length >= 16 && secret.length <= 256 ? undefined : 'secretLength';
}

/** A URL must be typed for a new channel, and for one that had none (it was an e-mail channel). */
export const urlRequired = (stored: AlertChannel | null) => !stored || stored.kind === 'email';

/** A webhook's secret must be typed unless the channel holds one already as a webhook. */
export const secretRequired = (kind: AlertChannelKind, stored: AlertChannel | null) =>
  kind === 'webhook' && !(stored?.kind === 'webhook' && stored.has_secret);
