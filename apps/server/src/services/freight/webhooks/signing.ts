import { createHmac, randomBytes } from 'node:crypto';

// How a delivery is signed (docs/decisions/052-webhooks.md), in the Standard Webhooks layout: the
// receiver computes HMAC-SHA256 over `<Webhook-Id>.<Webhook-Timestamp>.<body>` with the secret's
// bytes, compares it with the `v1,` value of `Webhook-Signature`, and refuses a timestamp more than
// a few minutes old (a replayed capture). The id is signed too, so a captured body cannot be sent
// again under another id to get past the receiver's deduplication.

const secretPrefix = 'whsec_';

/** A new endpoint secret: 32 random bytes, shown to the admin once. */
export const createWebhookSecret = () => `${secretPrefix}${randomBytes(32).toString('base64')}`;

const keyOf = (secret: string) => Buffer.from(secret.slice(secretPrefix.length), 'base64');

/** The headers of one attempt; `timestamp` is in whole seconds since 1970. */
export const signedHeaders = ({
  id,
  timestamp,
  body,
  secret,
}: {
  id: string;
  timestamp: number;
  body: string;
  secret: string;
}) => {
  const signature = createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${signature}`,
  };
};
