export const TEST_OPS_API_KEY = 'ops-key-for-end-to-end-suites-0123456789';

export interface GatewayUpstreams {
  readonly quote: string;
  readonly transaction?: string;
  readonly kyc?: string;
  readonly webhooks?: string;
  readonly chat?: string;
}

// Nothing listens on port 9: an upstream a suite does not start answers 502 through the gateway.
const NOT_STARTED = 'http://127.0.0.1:9';

// Suites drive one partner far faster than a partner may (dozens of KYC uploads in seconds), so
// the gateway's rate limits are lifted unless a suite sets its own, as the rate-limit suites do.
const LIFTED_RATE_LIMITS = {
  RATE_LIMIT_DEFAULTS:
    'quotes=1000000/1,transaction_writes=1000000/1,kyc_uploads=1000000/1,keys=1000000/1,reads=1000000/1',
  FAILED_AUTH_LIMIT: '1000000',
};

// The gateway's variables for a suite that boots it with startTestService.
export function testGatewayEnv(upstreams: GatewayUpstreams, extra: Readonly<Record<string, string>> = {}) {
  return {
    QUOTE_SERVICE_URL: upstreams.quote,
    TRANSACTION_SERVICE_URL: upstreams.transaction ?? NOT_STARTED,
    KYC_SERVICE_URL: upstreams.kyc ?? NOT_STARTED,
    WEBHOOK_DISPATCHER_URL: upstreams.webhooks ?? NOT_STARTED,
    CHAT_API_URL: upstreams.chat ?? NOT_STARTED,
    API_KEY_PEPPER: 'pepper-for-end-to-end-suites-0123456789',
    WALLET_JWT_SECRET: 'wallet-jwt-secret-for-end-to-end-suites-0123',
    OPS_API_KEY: TEST_OPS_API_KEY,
    ...LIFTED_RATE_LIMITS,
    ...extra,
  };
}
