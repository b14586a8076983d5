import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { generateWebhookSecret, signWebhook } from './webhook-signature.js';

const SPEC_SECRET = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
const SPEC_ID = 'b0c7d6f4-3f0e-4c55-9a51-6f1de0a0c001';
const SPEC_TIMESTAMP = 1614265330;
const SPEC_BODY = '{"test": 2432232314}';
// Computed independently: printf '%s' '<id>.<timestamp>.<body>' | openssl dgst -sha256 -hmac '<32 bytes>' -binary | base64
const SPEC_SIGNATURE = 'v1,KXYG3kq7+8hd6gEdn0WB7vbh2zGaqtQUbRzcH4NtvE0=';

describe(signWebhook.name, () => {
  it('signs `<id>.<timestamp>.<body>` with HMAC-SHA256 under the decoded secret (Standard Webhooks)', () => {
    expect(signWebhook([SPEC_SECRET], SPEC_ID, SPEC_TIMESTAMP, SPEC_BODY)).toBe(SPEC_SIGNATURE);
  });

  it('lists one signature per secret, newest first, separated by spaces', () => {
    const newer = generateWebhookSecret();
    const signature = signWebhook([newer, SPEC_SECRET], SPEC_ID, SPEC_TIMESTAMP, SPEC_BODY);

    expect(signature.split(' ')).toEqual([
      signWebhook([newer], SPEC_ID, SPEC_TIMESTAMP, SPEC_BODY),
      SPEC_SIGNATURE,
    ]);
  });

  it('changes with any byte of the id, the timestamp or the body', () => {
    const base = signWebhook([SPEC_SECRET], SPEC_ID, SPEC_TIMESTAMP, SPEC_BODY);
    expect(signWebhook([SPEC_SECRET], `${SPEC_ID}x`, SPEC_TIMESTAMP, SPEC_BODY)).not.toBe(base);
    expect(signWebhook([SPEC_SECRET], SPEC_ID, SPEC_TIMESTAMP + 1, SPEC_BODY)).not.toBe(base);
    expect(signWebhook([SPEC_SECRET], SPEC_ID, SPEC_TIMESTAMP, `${SPEC_BODY} `)).not.toBe(base);
  });
});

describe(generateWebhookSecret.name, () => {
  it('makes a fresh whsec_ secret of 32 random bytes each time', () => {
    const first = generateWebhookSecret();
    const second = generateWebhookSecret();

    expect(first).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(first.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(second).not.toBe(first);
  });

  it('is used as HMAC key through its decoded bytes', () => {
    const secret = generateWebhookSecret();
    const expected = createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
      .update('id.1.{}')
      .digest('base64');
    expect(signWebhook([secret], 'id', 1, '{}')).toBe(`v1,${expected}`);
  });
});
