import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startPushBouncer, type PushBouncerSimulator } from './push-bouncer.simulator.js';

describe('push bouncer simulator', () => {
  let sut: PushBouncerSimulator;
  const auth = `Basic ${Buffer.from('server-uuid:server-key').toString('base64')}`;
  const register = (body: Record<string, string>) =>
    fetch(`${sut.url}/api/v1/remotes/push/e2ee/register`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
    });
  const registration = {
    realm_uuid: 'realm',
    push_account_id: '2408',
    bouncer_public_key: 'key',
    encrypted_push_registration: 'sealed',
  };

  beforeAll(async () => {
    sut = await startPushBouncer();
  });
  afterAll(() => sut.close());
  beforeEach(async () => {
    sut.refuseRegistrations(null);
    await fetch(`${sut.url}/requests`, { method: 'DELETE' });
  });

  it('registers a device once per account and registration, recording the server but not its key', async () => {
    const first = (await (await register(registration)).json()) as { device_id: number };
    const again = (await (await register(registration)).json()) as { device_id: number };
    expect(first).toEqual({ result: 'success', msg: '', device_id: expect.any(Number) });
    expect(again.device_id).toBe(first.device_id);
    expect(sut.calls('e2ee/register')).toHaveLength(2);
    expect(sut.calls()[0]).toMatchObject({ serverUuid: 'server-uuid', params: registration });
    expect(JSON.stringify(sut.calls())).not.toContain('server-key');
  });

  it('refuses registrations when told to, over HTTP too', async () => {
    await fetch(`${sut.url}/refusal`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'INVALID_BOUNCER_PUBLIC_KEY', msg: 'Invalid bouncer_public_key' }),
    });
    const refused = await register(registration);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      result: 'error',
      code: 'INVALID_BOUNCER_PUBLIC_KEY',
      msg: 'Invalid bouncer_public_key',
    });
  });

  it('accepts JSON notifications and lists them at /requests', async () => {
    const notify = await fetch(`${sut.url}/api/v1/remotes/push/notify`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        user_id: 7,
        android_devices: ['a'],
        apple_devices: [],
        gcm_payload: { event: 'message' },
      }),
    });
    expect(await notify.json()).toMatchObject({
      result: 'success',
      total_android_devices: 1,
      total_apple_devices: 0,
    });
    const listed = (await (await fetch(`${sut.url}/requests`)).json()) as { requests: unknown[] };
    expect(listed.requests).toEqual([
      expect.objectContaining({ endpoint: 'notify', params: expect.objectContaining({ user_id: 7 }) }),
    ]);
  });
});
