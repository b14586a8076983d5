// The dispatcher's variables in the suites: loopback receivers allowed, fast retries.
export const TEST_WEBHOOK_ENV = {
  WEBHOOK_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  WEBHOOK_TIMEOUT_MS: '2000',
  WEBHOOK_RETRY_BASE_MS: '50',
  WEBHOOK_RETRY_MAX_DELAY_MS: '200',
  WEBHOOK_POLL_INTERVAL_MS: '50',
};
