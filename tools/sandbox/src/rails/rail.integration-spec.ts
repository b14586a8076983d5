import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectEventually } from '@platform/test-support';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../webhook-receiver/webhook-receiver.simulator.js';
import { startRailSimulator, type RailSimulator } from './rail.simulator.js';

describe('rail simulator', () => {
  let rail: RailSimulator;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    rail = await startRailSimulator({
      rail: 'PIX',
      callbackUrl: `${receiver.url}/hooks/pix`,
      settleMs: 20,
      // Far beyond settleMs, so a loaded machine still sees the late payout pending after the others settled.
      lateSettleMs: 3_000,
    });
  });
  afterAll(async () => {
    await rail.close();
    await receiver.close();
  });

  const post = (key: string | null, body: unknown) =>
    fetch(`${rail.url}/payouts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify(body),
    });
  const payout = (recipientKey: string) => ({
    reference: `ref-${recipientKey}`,
    amount: '150.25',
    currency: 'BRL',
    recipient: { key: recipientKey },
  });
  const status = async (id: string) =>
    (await (await fetch(`${rail.url}/payouts/${id}`)).json()) as {
      status: string;
      failureReason: string | null;
    };

  it('accepts once per idempotency key and settles, fails or settles late by the recipient key', async () => {
    const accepted = await post('k-ok', payout('12345678902'));
    expect(accepted.status).toBe(202);
    const { id, status: first } = (await accepted.json()) as { id: string; status: string };
    expect(first).toBe('ACCEPTED');
    const again = await post('k-ok', payout('12345678902'));
    expect(again.status).toBe(200);
    expect(((await again.json()) as { id: string }).id).toBe(id);
    expect((await post('k-ok', payout('999'))).status).toBe(409);

    const failing = (await (await post('k-fail', payout('+5511999990000'))).json()) as { id: string };
    const late = (await (await post('k-late', payout('person@example.com9'))).json()) as { id: string };
    expect(await status(late.id)).toMatchObject({ status: 'ACCEPTED' });
    await expectEventually(async () => expect(await status(id)).toMatchObject({ status: 'SETTLED' }));
    await expectEventually(async () =>
      expect(await status(failing.id)).toMatchObject({ status: 'FAILED', failureReason: 'INVALID_ACCOUNT' }),
    );
    await expectEventually(async () => expect(await status(late.id)).toMatchObject({ status: 'SETTLED' }));
    await expectEventually(() =>
      expect(
        receiver
          .received()
          .map((request) => JSON.parse(request.body).status)
          .sort(),
      ).toEqual(['FAILED', 'SETTLED', 'SETTLED']),
    );
  });

  it('refuses a payout without an idempotency key or with the wrong currency', async () => {
    expect(await (await post(null, payout('2'))).json()).toEqual({
      code: 'IDEMPOTENCY_KEY_REQUIRED',
      message: 'Idempotency-Key header is required',
    });
    const wrong = await post('k-cop', { ...payout('2'), currency: 'COP' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ code: 'INVALID_REQUEST', message: 'currency must be BRL' });
  });

  it('answers its balance, lets it be set, draws payouts on it and refuses one above it', async () => {
    const balance = async () => (await (await fetch(`${rail.url}/balance`)).json()) as unknown;
    const set = (available: unknown) =>
      fetch(`${rail.url}/balance`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ available }),
      });
    expect(await (await set('200.50')).json()).toEqual({ currency: 'BRL', available: '200.50' });
    expect((await post('k-funded', payout('42'))).status).toBe(202);
    expect(await balance()).toEqual({ currency: 'BRL', available: '50.25' });

    const unfunded = await post('k-unfunded', payout('43'));
    expect(unfunded.status).toBe(422);
    expect(await unfunded.json()).toEqual({
      code: 'INSUFFICIENT_FUNDS',
      message: 'The available balance is below the amount',
    });
    const invalid = await set(12);
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      code: 'INVALID_REQUEST',
      message: 'available must be a decimal string with at most 2 decimals',
    });
    await set('1000000000.00');
  });
});
