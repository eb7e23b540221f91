import type { RequestInit } from 'undici';
import { outboundFetch } from '../json-http/outbound-fetch.js';
import {
  EVENT_ID_HEADER,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  webhookSignature,
} from './webhook-signature.js';
import type { AttemptResult } from './webhook-retry.js';

export interface WebhookPost {
  url: string;
  /** The raw JSON body, exactly as signed. */
  body: string;
  eventId: string;
  /** Generic webhooks are signed; Teams and Slack URLs carry their own secret and are not. */
  secret?: string;
  timeoutMs?: number;
  /** Unix seconds of the attempt (the signed timestamp). */
  timestamp?: number;
  /** Cuts the attempt short (the sender stops): recorded as a network error. */
  signal?: AbortSignal;
}

/** At most this much of the receiver's answer is kept for the delivery record. */
const MAX_ANSWER_CHARS = 500;

/**
 * One delivery attempt through the outbound policy: POST the body with the event id, the timestamp
 * and (with a secret) the signature; the answer's status and the start of its text, or the error.
 * Redirects are not followed (a receiver that moved answers 3xx, recorded as refused).
 */
export async function postWebhook(post: WebhookPost): Promise<AttemptResult & { answer?: string }> {
  const timestamp = post.timestamp ?? Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'user-agent': 'LIS-Webhook/1',
    [EVENT_ID_HEADER]: post.eventId,
    [TIMESTAMP_HEADER]: String(timestamp),
  };
  if (post.secret) headers[SIGNATURE_HEADER] = webhookSignature(post.secret, timestamp, post.body);
  const init: RequestInit = {
    method: 'POST',
    headers,
    body: post.body,
    redirect: 'manual',
    signal: post.signal
      ? AbortSignal.any([post.signal, AbortSignal.timeout(post.timeoutMs ?? 15_000)])
      : AbortSignal.timeout(post.timeoutMs ?? 15_000),
  };
  try {
    const response = await outboundFetch(post.url, init);
    const answer = (await response.text().catch(() => '')).slice(0, MAX_ANSWER_CHARS);
    return { status: response.status, answer };
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    const reason = cause instanceof Error ? `${(error as Error).message}: ${cause.message}` : String(error);
    return { error: reason.slice(0, MAX_ANSWER_CHARS) };
  }
}
