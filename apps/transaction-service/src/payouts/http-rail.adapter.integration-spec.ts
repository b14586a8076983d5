import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PaymentMethod } from '@shared/contracts';
import { validKey } from '@payout/rails';
import { HttpRailAdapter, RAIL_REJECTED } from './http-rail.adapter.js';
import type { RailPayoutOrder } from './rail-adapter.js';

// A local stand-in for a rail's payout API: the recipient key of each order picks the answer.
const ANSWERS: Record<string, { status: number; body: object }> = {
  accepted: { status: 202, body: { id: 'rail-1', status: 'ACCEPTED', failureReason: null } },
  invalid: { status: 400, body: { code: 'INVALID_REQUEST', message: 'amount must have at most 2 decimals' } },
  unprocessable: { status: 422, body: { code: 'UNPROCESSABLE', message: 'recipient bank closed' } },
  conflict: { status: 409, body: { code: 'IDEMPOTENCY_KEY_REUSED', message: 'another payout' } },
  forbidden: { status: 403, body: { code: 'FORBIDDEN', message: 'bad credentials' } },
  broken: { status: 503, body: { code: 'UNAVAILABLE', message: 'try later' } },
};

describe(HttpRailAdapter.name, () => {
  let server: Server;
  let sut: HttpRailAdapter;

  beforeAll(async () => {
    server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        const key =
          request.method === 'POST'
            ? (JSON.parse(raw) as { recipient: { key: string } }).recipient.key
            : (request.url ?? '').split('/').pop();
        const answer = ANSWERS[key ?? ''] ?? { status: 404, body: { code: 'NOT_FOUND' } };
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    sut = new HttpRailAdapter(PaymentMethod.PIX, url, (key) => validKey('ANY', key), 2_000);
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const order = (recipientKey: string): RailPayoutOrder => ({
    idempotencyKey: 'payout-1',
    reference: 'transaction-1',
    amount: '10.5',
    currency: 'BRL',
    recipientKey,
    callbackUrl: null,
  });

  it('returns what the rail accepted', async () => {
    expect(await sut.send(order('accepted'))).toEqual({
      railReference: 'rail-1',
      status: 'ACCEPTED',
      failureReason: null,
    });
  });

  it.each(['invalid', 'unprocessable'])('fails a payout the rail refused outright (%s)', async (key) => {
    expect(await sut.send(order(key))).toEqual({
      railReference: null,
      status: 'FAILED',
      failureReason: RAIL_REJECTED,
    });
  });

  it.each(['conflict', 'forbidden', 'broken'])(
    'leaves a payout to be asked again when the answer may hide an accepted one or is ours to fix (%s)',
    async (key) => {
      await expect(sut.send(order(key))).rejects.toThrow(/PIX rail answered \d{3} to POST \/payouts/);
    },
  );

  it('never fails a payout on a refused status poll', async () => {
    await expect(sut.status('invalid')).rejects.toThrow('PIX rail answered 400 to GET /payouts/invalid');
  });
});
