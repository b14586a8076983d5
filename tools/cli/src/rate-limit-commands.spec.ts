import { describe, expect, it } from '@jest/globals';
import { CliError } from './gateway-client.js';
import { RecordingGateway } from './recording-gateway.js';
import { runRateLimitCommand } from './rate-limit-commands.js';

const PARTNER_ID = '0f8f7e5b-3c2a-4d1e-9f00-0000000000aa';
const LIMITS = `/ops/partners/${PARTNER_ID}/rate-limits`;

describe('rate-limit commands', () => {
  it('reads, sets (with or without a window), clears one class or all, and pages the audit', async () => {
    const sut = new RecordingGateway();

    await runRateLimitCommand(['get'], { partnerId: PARTNER_ID }, sut);
    await runRateLimitCommand(['set'], { partnerId: PARTNER_ID, routeClass: 'quotes', limit: '1000' }, sut);
    await runRateLimitCommand(
      ['set'],
      { partnerId: PARTNER_ID, routeClass: 'reads', limit: '50', window: '3600' },
      sut,
    );
    await runRateLimitCommand(['clear'], { partnerId: PARTNER_ID, routeClass: 'quotes' }, sut);
    await runRateLimitCommand(['clear'], { partnerId: PARTNER_ID }, sut);
    await runRateLimitCommand(['audit'], { page: '2', pageSize: '50' }, sut);

    expect(sut.sent).toEqual([
      { method: 'GET', path: LIMITS, body: undefined },
      { method: 'PUT', path: LIMITS, body: { class: 'quotes', limit: 1000 } },
      { method: 'PUT', path: LIMITS, body: { class: 'reads', limit: 50, windowSeconds: 3600 } },
      { method: 'DELETE', path: `${LIMITS}?class=quotes`, body: undefined },
      { method: 'DELETE', path: LIMITS, body: undefined },
      { method: 'GET', path: '/ops/rate-limits/audit?page=2&pageSize=50', body: undefined },
    ]);
  });

  it('names what is missing or malformed before sending anything', async () => {
    const sut = new RecordingGateway();

    await expect(runRateLimitCommand(['set'], { partnerId: PARTNER_ID, limit: '5' }, sut)).rejects.toThrow(
      CliError,
    );
    await expect(
      runRateLimitCommand(['set'], { partnerId: PARTNER_ID, routeClass: 'quotes', limit: 'many' }, sut),
    ).rejects.toThrow(new CliError('--limit must be a whole number, got many'));
    await expect(runRateLimitCommand(['reset'], {}, sut)).rejects.toThrow(
      new CliError('Unknown rate-limit command: reset'),
    );
    expect(sut.sent).toEqual([]);
  });
});
