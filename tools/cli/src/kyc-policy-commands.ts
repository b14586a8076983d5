import { CliError, required, type GatewayClient } from './gateway-client.js';

export interface KycPolicyOptions {
  readonly partnerId?: string | undefined;
  readonly mode?: string | undefined;
  readonly threshold?: string | undefined;
}

// A partner's KYC policy: off, always, or threshold (30 days of completed payouts).
export async function runKycPolicyCommand(
  args: readonly string[],
  options: KycPolicyOptions,
  gateway: GatewayClient,
) {
  const path = () => `/ops/kyc-policies/${encodeURIComponent(required(options.partnerId, '--partner-id'))}`;
  switch (args.join(' ')) {
    case 'get':
      return gateway.request('GET', path());
    case 'set':
      return gateway.request('PUT', path(), {
        mode: required(options.mode, '--mode'),
        // `default` goes back to the configured threshold amount.
        ...(options.threshold !== undefined
          ? { thresholdAmount: options.threshold === 'default' ? null : options.threshold }
          : {}),
      });
    default:
      throw new CliError(`Unknown kyc-policy command: ${args.join(' ')}`);
  }
}
