import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { ConfigValidationError, describeConfig, loadConfig } from '@platform/config';
import { WebhookDispatcherConfig } from './webhook-dispatcher.config.js';

const load = (env: Record<string, string>) => loadConfig({ webhooks: WebhookDispatcherConfig }, env);
const key = randomBytes(32).toString('base64');

describe(WebhookDispatcherConfig.name, () => {
  it('needs only the key: https to public addresses, 10 s attempts, 24 h of retries and grace by default', () => {
    const { webhooks } = load({ WEBHOOK_ENCRYPTION_KEY: key });

    expect(webhooks).toMatchObject({
      WEBHOOK_ALLOWED_HOSTS: [],
      WEBHOOK_TIMEOUT_MS: 10_000,
      WEBHOOK_SECRET_GRACE_MS: 86_400_000,
      WEBHOOK_RETRY_WINDOW_MS: 86_400_000,
      WEBHOOK_RETRY_MAX_DELAY_MS: 3_600_000,
    });
    expect(describeConfig({ webhooks })['webhooks']!['WEBHOOK_ENCRYPTION_KEY']).toBe('***');
  });

  it('reads the allow-list as a comma-separated list', () => {
    const { webhooks } = load({
      WEBHOOK_ENCRYPTION_KEY: key,
      WEBHOOK_ALLOWED_HOSTS: ' 127.0.0.1, localhost ,10.0.0.0/8,',
    });
    expect(webhooks.WEBHOOK_ALLOWED_HOSTS).toEqual(['127.0.0.1', 'localhost', '10.0.0.0/8']);
  });

  it.each([
    ['missing', {}],
    ['16 bytes', { WEBHOOK_ENCRYPTION_KEY: randomBytes(16).toString('base64') }],
    ['hex', { WEBHOOK_ENCRYPTION_KEY: randomBytes(32).toString('hex') }],
  ])('refuses a key that is %s, without showing it', (_case, env) => {
    expect(() => load(env)).toThrow(ConfigValidationError);
    try {
      load(env);
    } catch (error) {
      expect((error as ConfigValidationError).problems).toEqual([
        expect.stringMatching(
          /^WEBHOOK_ENCRYPTION_KEY: WEBHOOK_ENCRYPTION_KEY must be the base64 encoding of exactly 32 bytes \(openssl rand -base64 32\) \(got (nothing|\[secret\])\)$/,
        ),
      ]);
    }
  });

  it('refuses an attempt timeout above a minute', () => {
    expect(() => load({ WEBHOOK_ENCRYPTION_KEY: key, WEBHOOK_TIMEOUT_MS: '600000' })).toThrow(
      ConfigValidationError,
    );
  });
});
