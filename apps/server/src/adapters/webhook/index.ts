/** Outbound webhooks (issue 35): the signature, one signed POST through the outbound policy, the retry rule. */
export * from './webhook-signature.js';
export * from './webhook-retry.js';
export { postWebhook, type WebhookPost } from './webhook-post.js';
