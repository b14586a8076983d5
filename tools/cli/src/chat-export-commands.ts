import { access } from 'node:fs/promises';
import { CliError, required, type GatewayClient } from './gateway-client.js';

export interface ChatExportOptions {
  readonly realmId?: string | undefined;
  readonly id?: string | undefined;
  readonly host?: string | undefined;
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

// `chat realm import <archive> [--host <host>]`: a new realm restored from an export archive
// (this server's or Zulip's .tar.gz), on `--host` if given (its string_id is the host's first
// label; a realm already holding that string_id is refused).
export async function runChatImportCommand(
  archive: string | undefined,
  options: ChatExportOptions,
  gateway: GatewayClient,
): Promise<unknown> {
  const file = required(archive, '<archive>');
  await access(file).catch(() => {
    throw new CliError(`Cannot read ${file}`);
  });
  const query = options.host ? `?host=${encodeURIComponent(options.host)}` : '';
  return gateway.upload(`/ops/chat/realm-imports${query}`, file, 'application/gzip');
}
