import { CliError, required, type GatewayClient } from './gateway-client.js';

export interface ChatExportOptions {
  readonly realmId?: string | undefined;
  readonly id?: string | undefined;
}

// `chat export list|delete`: a realm's organization data exports, as its administrators see them
// in GET /export/realm; deleting one removes its archive.
export async function runChatExportCommand(
  command: string,
  options: ChatExportOptions,
  gateway: GatewayClient,
): Promise<unknown> {
  const exports = `/ops/chat/realms/${encodeURIComponent(required(options.realmId, '--realm-id'))}/exports`;
  switch (command) {
    case 'export list':
      return gateway.request('GET', exports);
    case 'export delete':
      return gateway.request('DELETE', `${exports}/${encodeURIComponent(required(options.id, '--id'))}`);
    default:
      throw new CliError(`Unknown chat command: ${command}`);
  }
}
