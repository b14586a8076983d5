import { CliError, required, type GatewayClient } from './gateway-client.js';

export interface ChatOptions {
  readonly name?: string | undefined;
  readonly ownerEmail?: string | undefined;
  readonly ownerName?: string | undefined;
  readonly ownerPassword?: string | undefined;
  readonly host?: string | undefined;
}

// `chat realm create`: a chat organization with its owner, whose API key is shown only here.
export async function runChatCommand(args: readonly string[], options: ChatOptions, gateway: GatewayClient) {
  const command = args.join(' ');
  if (command !== 'realm create') throw new CliError(`Unknown chat command: ${command}`);
  return gateway.request('POST', '/ops/chat/realms', {
    name: required(options.name, '--name'),
    ownerEmail: required(options.ownerEmail, '--owner-email'),
    ownerName: required(options.ownerName, '--owner-name'),
    ...(options.ownerPassword ? { ownerPassword: options.ownerPassword } : {}),
    ...(options.host ? { host: options.host } : {}),
  });
}
