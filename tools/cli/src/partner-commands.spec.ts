import { describe, expect, it } from '@jest/globals';
import { CliError } from './gateway-client.js';
import { RecordingGateway } from './recording-gateway.js';
import { runPartnerCommand } from './partner-commands.js';

const PARTNER_ID = '0f8f7e5b-3c2a-4d1e-9f00-0000000000aa';

describe('partner key commands', () => {
  it('creates a key with the name given, or with none', async () => {
    const sut = new RecordingGateway();

    const named = await runPartnerCommand(['key', 'create'], { partnerId: PARTNER_ID, name: 'ci' }, sut);
    await runPartnerCommand(['key', 'create'], { partnerId: PARTNER_ID }, sut);

    expect(named).toMatchObject({ partnerId: PARTNER_ID, name: 'ci' });
    expect(sut.sent).toEqual([
      { method: 'POST', path: `/ops/partners/${PARTNER_ID}/keys`, body: { name: 'ci' } },
      { method: 'POST', path: `/ops/partners/${PARTNER_ID}/keys`, body: undefined },
    ]);
  });

  it('lists a page of the keys, with only the paging flags given', async () => {
    const sut = new RecordingGateway();

    await runPartnerCommand(['key', 'list'], { partnerId: PARTNER_ID }, sut);
    await runPartnerCommand(['key', 'list'], { partnerId: PARTNER_ID, page: '2', pageSize: '50' }, sut);

    expect(sut.sent.map(({ method, path }) => `${method} ${path}`)).toEqual([
      `GET /ops/partners/${PARTNER_ID}/keys`,
      `GET /ops/partners/${PARTNER_ID}/keys?page=2&pageSize=50`,
    ]);
  });

  it('sets the key quota to a number, back to the default, or passes a bad value for the gateway to refuse', async () => {
    const sut = new RecordingGateway();

    for (const max of ['25', 'default', 'lots'])
      await runPartnerCommand(['key', 'quota'], { partnerId: PARTNER_ID, max }, sut);

    expect(sut.sent).toEqual(
      [25, null, 'lots'].map((maxActiveKeys) => ({
        method: 'PUT',
        path: `/ops/partners/${PARTNER_ID}/key-quota`,
        body: { maxActiveKeys },
      })),
    );
    await expect(runPartnerCommand(['key', 'quota'], { partnerId: PARTNER_ID }, sut)).rejects.toThrow(
      new CliError('--max is required'),
    );
  });
});
