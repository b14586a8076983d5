import { runChatExportCommand, runChatImportCommand } from './chat-export-commands.js';
import { CliError, required, type GatewayClient } from './gateway-client.js';

export interface ChatOptions {
  readonly name?: string | undefined;
  readonly ownerEmail?: string | undefined;
  readonly ownerName?: string | undefined;
  readonly ownerPassword?: string | undefined;
  readonly host?: string | undefined;
  readonly realmId?: string | undefined;
  readonly user?: string | undefined;
  readonly role?: string | undefined;
  readonly canChangeUserEmails?: string | undefined;
  readonly id?: string | undefined;
}

// `chat realm create`: a chat organization with its owner, whose API key is shown only here.
// `chat user …`: what an operator does to one realm's accounts (`--user` is an id or an email).
// `chat export …`: a realm's data exports; `chat realm import <archive>` (chat-export-commands.ts).
export async function runChatCommand(args: readonly string[], options: ChatOptions, gateway: GatewayClient) {
  const command = args.join(' ');
  if (command === 'realm create')
    return gateway.request('POST', '/ops/chat/realms', {
      name: required(options.name, '--name'),
      ownerEmail: required(options.ownerEmail, '--owner-email'),
      ownerName: required(options.ownerName, '--owner-name'),
      ...(options.ownerPassword ? { ownerPassword: options.ownerPassword } : {}),
      ...(options.host ? { host: options.host } : {}),
    });
  if (command.startsWith('export ')) return runChatExportCommand(command, options, gateway);
  if (args[0] === 'realm' && args[1] === 'import' && args.length <= 3)
    return runChatImportCommand(args[2], options, gateway);
  if (!command.startsWith('user ')) throw new CliError(`Unknown chat command: ${command}`);
  const users = `/ops/chat/realms/${encodeURIComponent(required(options.realmId, '--realm-id'))}/users`;
  if (command === 'user list') return gateway.request('GET', users);
  const user = () => `${users}/${encodeURIComponent(required(options.user, '--user'))}`;
  switch (command) {
    case 'user role':
      return gateway.request('PATCH', user(), { role: required(options.role, '--role') });
    case 'user permission':
      return gateway.request('PATCH', user(), {
        canChangeUserEmails: flag(required(options.canChangeUserEmails, '--can-change-user-emails')),
      });
    case 'user deactivate':
      return gateway.request('POST', `${user()}/deactivate`);
    case 'user reactivate':
      return gateway.request('POST', `${user()}/reactivate`);
    case 'user reset-api-key':
      return gateway.request('POST', `${user()}/api-key`);
    default:
      throw new CliError(`Unknown chat command: ${command}`);
  }
}

function flag(value: string): boolean {
  if (value !== 'true' && value !== 'false')
    throw new CliError('--can-change-user-emails must be true or false');
  return value === 'true';
}
