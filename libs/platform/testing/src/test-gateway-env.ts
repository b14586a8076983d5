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
    ...extra,
  };
}
