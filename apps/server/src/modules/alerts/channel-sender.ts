import type { AlertChannelKind } from '@lis/contracts';
import { isDelivered, postWebhook, type AttemptResult } from '../../adapters/webhook/index.js';
import type { SecretBox } from '../secrets/secret-box.js';
import { openSealed } from '../server-config/config-secrets.js';
import type { AlertChannelRow } from './alert-config.repository.js';
import { webhookBody, type AlertView, type ChannelLanguage, type PayloadSettings } from './alert-payloads.js';
import { channelSecretSlot, scrubUrl } from './channel-address.js';

/** A channel ready to send to: its URL and secret opened (never logged, never answered). */
export interface OpenedChannel {
  companyCode: string;
  name: string;
  kind: AlertChannelKind;
  language: ChannelLanguage;
  enabled: boolean;
  recipients: string[];
  url: string | undefined;
  urlMasked: string;
  secret: string | undefined;
}

function recipientsOf(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** The stored channel with its secrets opened; one sealed under another master key is SECRET_UNREADABLE. */
export function openChannel(box: SecretBox, row: AlertChannelRow): OpenedChannel {
  const slot = (column: 'url_enc' | 'secret_enc') => channelSecretSlot(row.company_code, row.name, column);
  return {
    companyCode: row.company_code,
    name: row.name,
    kind: row.kind,
    language: row.language,
    enabled: row.enabled === 1,
    recipients: recipientsOf(row.recipients),
    url: openSealed(box, row.url_enc, slot('url_enc')),
    urlMasked: row.url_masked,
    secret: openSealed(box, row.secret_enc, slot('secret_enc')),
  };
}

export type PostResult = AttemptResult & { answer?: string; delivered: boolean };

/**
 * One POST of the alert to a webhook, Teams or Slack channel, through the outbound policy: a generic
 * webhook signed with the channel's secret. The error text never holds the URL (it is a secret).
 */
export async function postToChannel(
  channel: OpenedChannel,
  view: AlertView,
  settings: PayloadSettings,
  signal?: AbortSignal,
): Promise<PostResult> {
  if (channel.kind === 'email' || !channel.url) return { error: 'the channel has no URL', delivered: false };
  const body = webhookBody(channel.kind, view, channel.language, settings);
  const result = await postWebhook({
    url: channel.url,
    body,
    eventId: view.eventId,
    ...(channel.kind === 'webhook' && channel.secret ? { secret: channel.secret } : {}),
    ...(signal ? { signal } : {}),
  });
  if ('error' in result)
    return { ...result, error: scrubUrl(result.error, channel.url, channel.urlMasked), delivered: false };
  return { ...result, delivered: isDelivered(result) };
}
