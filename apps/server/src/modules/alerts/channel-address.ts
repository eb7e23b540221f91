import type { SecretSlot } from '../secrets/secret-box.js';
import { invalid } from '../../platform/domain-error.js';

/** Where a channel's URL or webhook secret is sealed (the row's identity is the additional data). */
export function channelSecretSlot(
  company: string,
  name: string,
  column: 'url_enc' | 'secret_enc',
): SecretSlot {
  return { table: 'alert_channels', company, id: name, column };
}

/** A receiver's URL as typed: http or https, parsed; refused with ALERT_CHANNEL_INVALID otherwise. */
export function checkChannelUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalid('ALERT_CHANNEL_INVALID', 'alertChannelInvalid', { problem: 'url: not a valid URL' });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw invalid('ALERT_CHANNEL_INVALID', 'alertChannelInvalid', { problem: 'url: must be http or https' });
  return url;
}

/**
 * The URL as the API shows it: scheme, host and port, and the first segment of the path; the rest of
 * the path, the query and any user part masked. A Teams or Slack incoming-webhook URL carries its
 * secret in the path (`https://hooks.slack.com/services/***`), a generic webhook's may in its query.
 */
export function maskUrl(url: URL): string {
  const [first, ...rest] = url.pathname.split('/').filter(Boolean);
  const user = url.username || url.password ? '***@' : '';
  const path = first === undefined ? '/' : `/${first}${rest.length > 0 ? '/***' : ''}`;
  return `${url.protocol}//${user}${url.host}${path}${url.search ? '?***' : ''}`;
}

/** `text` with every appearance of the secret URL (whole, or its path) replaced by its masked form. */
export function scrubUrl(text: string, url: string, masked: string): string {
  let scrubbed = text.split(url).join(masked);
  try {
    const { pathname, search } = new URL(url);
    if (pathname.length > 1) scrubbed = scrubbed.split(pathname + search).join('/***');
  } catch {
    // not a URL: nothing more to hide
  }
  return scrubbed;
}

/** An e-mail address as the outbox takes one (no spaces, no angle brackets, one @). */
export function isEmailAddress(text: string): boolean {
  return /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/.test(text);
}
