import { describe, expect, it } from '@jest/globals';
import { CliError, GatewayClient } from './gateway-client.js';
import { runKybCommand } from './kyb-commands.js';
import { runPartnerCommand } from './partner-commands.js';
import { runUserCommand } from './user-commands.js';

const PARTNER_ID = '0f8f7e5b-3c2a-4d1e-9f00-0000000000aa';
const CREATED = { partnerId: PARTNER_ID, name: 'Acme', keyId: 'key-1', apiKey: 'pk_secret' };

// Records every request; answers a partner's creation, and refuses the KYB change when asked to.
class RecordingGateway extends GatewayClient {
  readonly sent: Array<{ method: string; path: string; body: unknown }> = [];

  constructor(private readonly kybFails = false) {
    super('http://gateway.invalid', 'ops-key');
  }

  override async request<T>(method: string, path: string, body?: object) {
    this.sent.push({ method, path, body });
    if (this.kybFails && path.startsWith('/ops/partner-kyb/'))
      throw new CliError(`PUT ${path} answered 503: {}`);
    return (path === '/ops/partners' ? CREATED : (body ?? {})) as T;
  }
}

describe('kyb and user commands', () => {
  it('creates a partner approved, or pending with --pending', async () => {
    const approved = new RecordingGateway();
    expect(await runPartnerCommand(['create'], { name: 'Acme' }, approved)).toEqual(CREATED);
    expect(approved.sent).toEqual([{ method: 'POST', path: '/ops/partners', body: { name: 'Acme' } }]);

    const pending = new RecordingGateway();
    expect(await runPartnerCommand(['create'], { name: 'Acme', pending: true }, pending)).toEqual({
      ...CREATED,
      kyb: 'pending',
    });
    expect(pending.sent[1]).toEqual({
      method: 'PUT',
      path: `/ops/partner-kyb/${PARTNER_ID}`,
      body: { status: 'pending', pendingLimit: null },
    });
  });

  it('still shows the one-time key when the partner was created but its KYB could not be set', async () => {
    await expect(
      runPartnerCommand(['create'], { name: 'Acme', pending: true }, new RecordingGateway(true)),
    ).rejects.toThrow(
      new CliError(
        `Partner created, KYB still approved: ${JSON.stringify(CREATED)}\nPUT /ops/partner-kyb/${PARTNER_ID} answered 503: {}`,
      ),
    );
  });

  it('sets a status with its limit, or the default limit', async () => {
    const sut = new RecordingGateway();

    await runKybCommand(['set'], { partnerId: PARTNER_ID, status: 'pending', limit: '250.5' }, sut);
    await runKybCommand(['set'], { partnerId: PARTNER_ID, status: 'pending', limit: 'default' }, sut);

    expect(sut.sent.map(({ body }) => body)).toEqual([
      { status: 'pending', pendingLimit: '250.5' },
      { status: 'pending', pendingLimit: null },
    ]);
    await expect(runKybCommand(['set'], { partnerId: PARTNER_ID }, sut)).rejects.toThrow(
      new CliError('--status is required'),
    );
  });

  it('disables and enables a user by its id, escaped in the path', async () => {
    const sut = new RecordingGateway();

    await runUserCommand(['disable'], { partnerId: PARTNER_ID, user: 'user/42' }, sut);
    await runUserCommand(['enable'], { partnerId: PARTNER_ID, user: 'user/42' }, sut);

    expect(sut.sent.map(({ method, path }) => `${method} ${path}`)).toEqual([
      `POST /ops/partners/${PARTNER_ID}/users/user%2F42/disable`,
      `POST /ops/partners/${PARTNER_ID}/users/user%2F42/enable`,
    ]);
  });
});
