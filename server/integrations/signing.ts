import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_SECRET_BYTES } from '../../shared/integrations';

/** A Standard Webhooks secret: `whsec_` and the base64 of random bytes. */
export const generateWebhookSecret = () => `whsec_${randomBytes(WEBHOOK_SECRET_BYTES).toString('base64')}`;

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The three Standard Webhooks headers, signed with each secret given (space-separated `v1,…` values):
 * during a rotation both the new and the old secret sign, so a receiver holding either accepts it.
 */
export function signWebhook(
  secrets: readonly string[],
  webhookId: string,
  at: Date,
  body: string,
): SignedHeaders {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(webhookId, at, body));
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
