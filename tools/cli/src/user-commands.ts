import { CliError, pageQuery, required, type GatewayClient } from './gateway-client.js';

export interface UserOptions {
  readonly partnerId?: string | undefined;
  readonly user?: string | undefined;
  readonly page?: string | undefined;
  readonly pageSize?: string | undefined;
}

// A partner's end users operations disabled: their quotes, accepts and KYC answer 403
// user_disabled at the gateway. Each change is in the partner audit.
export async function runUserCommand(args: readonly string[], options: UserOptions, gateway: GatewayClient) {
  const users = () =>
    `/ops/partners/${encodeURIComponent(required(options.partnerId, '--partner-id'))}/users`;
  const action = args.join(' ');
  switch (action) {
    case 'list':
      return gateway.request('GET', `${users()}/disabled${pageQuery(options)}`);
    case 'disable':
    case 'enable':
      return gateway.request(
        'POST',
        `${users()}/${encodeURIComponent(required(options.user, '--user'))}/${action}`,
      );
    default:
      throw new CliError(`Unknown user command: ${action}`);
  }
}
