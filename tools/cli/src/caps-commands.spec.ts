import { describe, expect, it } from '@jest/globals';
import { CliError, GatewayClient } from './gateway-client.js';
import { runCapsCommand } from './caps-commands.js';

const BREB = {
  paymentMethod: 'BREB',
  targetCurrency: 'COP',
  timeZone: 'America/Bogota',
  perTransaction: '5000000',
  perUserDailyAmount: '25000000',
  perUserDailyCount: 15,
  perPaymentMethodDailyAmount: '25000000',
};

// Answers the caps list and records every other request.
class CapsGateway extends GatewayClient {
  readonly sent: Array<{ method: string; path: string; body: unknown }> = [];

  constructor() {
    super('http://gateway.invalid', 'ops-key');
  }

  override async request<T>(method: string, path: string, body?: object) {
    if (method === 'GET') return { caps: [BREB] } as T;
    this.sent.push({ method, path, body });
    return body as T;
  }
}

describe('caps set', () => {
  it('changes the caps named, lifts those set to none and keeps the others', async () => {
    const sut = new CapsGateway();

    await runCapsCommand(
      ['set'],
      { method: 'BREB', currency: 'COP', userDaily: '30000000.50', userDailyCount: 'none' },
      sut,
    );

    expect(sut.sent).toEqual([
      {
        method: 'PUT',
        path: '/ops/corridors/caps/BREB/COP',
        body: {
          perTransaction: '5000000',
          perUserDailyAmount: '30000000.50',
          perUserDailyCount: null,
          perPaymentMethodDailyAmount: '25000000',
        },
      },
    ]);
  });

  it('refuses a count that is not a whole number before sending anything', async () => {
    const sut = new CapsGateway();

    await expect(
      runCapsCommand(['set'], { method: 'BREB', currency: 'COP', userDailyCount: '1.5' }, sut),
    ).rejects.toThrow(new CliError('--user-daily-count must be a whole number or none'));
    expect(sut.sent).toEqual([]);
  });
});
