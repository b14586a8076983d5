import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { runChatCommand, type ChatOptions } from './chat-commands.js';
import { CliError, GatewayClient } from './gateway-client.js';

// Records the ops request a command makes instead of sending it.
class RecordingGateway extends GatewayClient {
  readonly calls: Array<{ method: string; path: string; body?: object | undefined }> = [];

  constructor() {
    super('http://gateway.invalid', 'ops-key');
  }

  override async request<T>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: object,
  ) {
    this.calls.push({ method, path, body });
    return {} as T;
  }

  override async upload<T>(path: string, file: string, contentType: string) {
    this.calls.push({ method: 'POST', path, body: { file, contentType } });
    return {} as T;
  }
}

async function call(args: string, options: ChatOptions) {
  const gateway = new RecordingGateway();
  await runChatCommand(args.split(' '), options, gateway);
  return gateway.calls;
}

describe('chat user commands', () => {
  const realmId = '7';

  it('call the chat-api ops routes of the realm, the user by id or email', async () => {
    expect(await call('user list', { realmId })).toEqual([
      { method: 'GET', path: '/ops/chat/realms/7/users', body: undefined },
    ]);
    expect(await call('user role', { realmId, user: 'ann@example.com', role: 'guest' })).toEqual([
      { method: 'PATCH', path: '/ops/chat/realms/7/users/ann%40example.com', body: { role: 'guest' } },
    ]);
    expect(await call('user permission', { realmId, user: '12', canChangeUserEmails: 'false' })).toEqual([
      { method: 'PATCH', path: '/ops/chat/realms/7/users/12', body: { canChangeUserEmails: false } },
    ]);
    for (const [command, action] of [
      ['user deactivate', 'deactivate'],
      ['user reactivate', 'reactivate'],
      ['user reset-api-key', 'api-key'],
    ] as const)
      expect(await call(command, { realmId, user: '12' })).toEqual([
        { method: 'POST', path: `/ops/chat/realms/7/users/12/${action}`, body: undefined },
      ]);
  });

  it('ask for the flags they need', async () => {
    await expect(call('user list', {})).rejects.toThrow(new CliError('--realm-id is required'));
    await expect(call('user deactivate', { realmId })).rejects.toThrow(new CliError('--user is required'));
    await expect(call('user role', { realmId, user: '12' })).rejects.toThrow(
      new CliError('--role is required'),
    );
    await expect(
      call('user permission', { realmId, user: '12', canChangeUserEmails: 'yes' }),
    ).rejects.toThrow(new CliError('--can-change-user-emails must be true or false'));
    await expect(call('user promote', { realmId })).rejects.toThrow(
      new CliError('Unknown chat command: user promote'),
    );
  });
});

describe('chat realm import', () => {
  it('streams the archive to the import route, on the host given', async () => {
    const archive = fileURLToPath(import.meta.url);
    expect(await call(`realm import ${archive}`, { host: 'acme.example.com' })).toEqual([
      {
        method: 'POST',
        path: '/ops/chat/realm-imports?host=acme.example.com',
        body: { file: archive, contentType: 'application/gzip' },
      },
    ]);
    expect(await call(`realm import ${archive}`, {})).toEqual([
      {
        method: 'POST',
        path: '/ops/chat/realm-imports',
        body: { file: archive, contentType: 'application/gzip' },
      },
    ]);
  });

  it('needs a readable archive', async () => {
    await expect(call('realm import', {})).rejects.toEqual(new CliError('<archive> is required'));
    await expect(call('realm import /nowhere/export.tar.gz', {})).rejects.toEqual(
      new CliError('Cannot read /nowhere/export.tar.gz'),
    );
  });
});
