import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

// A new signing secret as partners see it: `whsec_` and the base64 of 32 random bytes, the form
// Standard Webhooks libraries accept as is.
export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

// `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>`, keyed with the secret's decoded bytes
// (Standard Webhooks). With several secrets (during a rotation's grace period) the signatures are
// space-separated, newest first: a receiver accepts the message when any of them matches.
export function signWebhook(
  secrets: readonly string[],
  webhookId: string,
  timestampSeconds: number,
  body: string,
): string {
  const content = `${webhookId}.${timestampSeconds}.${body}`;
  return secrets
    .map((secret) => `v1,${createHmac('sha256', keyOf(secret)).update(content).digest('base64')}`)
    .join(' ');
}

function keyOf(secret: string): Buffer {
  return Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    'base64',
  );
}
