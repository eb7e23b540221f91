import crypto from 'node:crypto';

/*
 * The signature of a LIS webhook (issue 35, docs/alerts.md): the receiver recomputes
 *   X-LIS-Signature-256: sha256=<hex HMAC-SHA256 of "<X-LIS-Timestamp>.<raw body>" with the secret>
 * and compares in constant time; the timestamp (Unix seconds) lets it refuse an old replay.
 */
export const SIGNATURE_HEADER = 'x-lis-signature-256';
export const TIMESTAMP_HEADER = 'x-lis-timestamp';
export const EVENT_ID_HEADER = 'x-lis-event-id';

/** `sha256=<hex>` of `"<timestamp>.<raw body>"`. */
export function webhookSignature(secret: string, timestamp: number, rawBody: string | Buffer): string {
  const mac = crypto.createHmac('sha256', secret);
  mac.update(`${timestamp}.`);
  mac.update(rawBody);
  return `sha256=${mac.digest('hex')}`;
}

/** The receiver's check: the signature matches and the timestamp is within `toleranceSeconds` of now. */
export function verifyWebhookSignature(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  rawBody: string | Buffer,
  options: { nowSeconds?: number; toleranceSeconds?: number } = {},
): boolean {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(webhookSignature(secret, Number(timestamp), rawBody));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
