import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { expectEventually } from '@platform/test-support';
import type { RefundRequestedV1, RefundSettledV1 } from '@shared/contracts';
import { openTransaction } from './funded-transactions.js';
import { STELLAR_BREB, TransactionSystem, type Partner } from './transaction-system.js';

// The deposit, refund and consumer metrics on transaction-service's /metrics that the Grafana
// dashboard and the alert rules of k8s/observability read.
describe('transaction-service /metrics: deposits, refunds and consumers', () => {
  const system = new TransactionSystem();
  const refunds: RefundRequestedV1[] = [];
  let partner: Partner;

  beforeAll(async () => {
    await system.start();
    await system.bus.subscribe({
      groupId: 'metrics-refunds',
      topics: ['chain.refund.requested.v1'],
      handle: async (event) => void refunds.push(event.payload as RefundRequestedV1),
    });
    partner = await system.createPartner('Metrics');
  });

  afterAll(async () => {
    await system.stop();
  });

  const deliver = (topic: string, payload: object, key: string, id: string = randomUUID()) =>
    system.bus.publish([
      { id, topic, key, payload, occurredAt: new Date().toISOString(), correlationId: id },
    ]);

  // The value of the sample of `name` whose labels include `labels`, or undefined.
  const sample = async (name: string, labels: Readonly<Record<string, string>>) => {
    const text = (await request(system.transactionService.url).get('/metrics').expect(200)).text;
    for (const line of text.split('\n')) {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)\{(.*)\} (\S+)$/.exec(line);
      if (!match || match[1] !== name) continue;
      const found = Object.fromEntries([...match[2]!.matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k, v]));
      if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
    }
    return undefined;
  };

  it("counts each delivery by outcome, each group's lag, and how long a deposit took to be recorded", async () => {
    const consumed = (outcome: string) =>
      sample('events_consumed_total', {
        consumer: 'transaction-service',
        topic: 'chain.deposit.detected.v1',
        outcome,
      });
    const before = {
      applied: (await consumed('applied')) ?? 0,
      duplicate: (await consumed('duplicate')) ?? 0,
    };
    const opened = await openTransaction(system, partner, STELLAR_BREB);
    const eventId = randomUUID();
    // The same event twice: the inbox applies it once.
    await deliver('chain.deposit.detected.v1', opened.fact, opened.fact.onChainTx, eventId);
    await deliver('chain.deposit.detected.v1', opened.fact, opened.fact.onChainTx, eventId);

    await expectEventually(async () => expect(await consumed('duplicate')).toBe(before.duplicate + 1));
    expect(await consumed('applied')).toBe(before.applied + 1);
    expect(
      await sample('deposit_detection_seconds_count', { blockchain: 'STELLAR', source: 'STREAM' }),
    ).toBeGreaterThanOrEqual(1);
    await expectEventually(async () =>
      expect(
        await sample('consumer_lag', { consumer: 'transaction-service', topic: 'chain.deposit.detected.v1' }),
      ).toBe(0),
    );
  });

  it('counts an unmatched deposit and reports how many are unmatched now, by chain', async () => {
    expect(
      await sample('deposits_unmatched', { blockchain: 'STELLAR', service: 'transaction-service' }),
    ).toBe(0);
    const opened = await openTransaction(system, partner, STELLAR_BREB);
    const fact = { ...opened.fact, memo: 'NOT-A-REFERENCE' };
    await deliver('chain.deposit.detected.v1', fact, fact.onChainTx);
    await deliver('chain.deposit.detected.v1', fact, fact.onChainTx);

    await expectEventually(async () =>
      expect(await sample('deposits_unmatched', { blockchain: 'STELLAR' })).toBe(1),
    );
    expect(await sample('deposits_unmatched', { blockchain: 'SOLANA' })).toBe(0);
    expect(
      await sample('deposits_recorded_total', {
        blockchain: 'STELLAR',
        outcome: 'UNMATCHED',
        source: 'STREAM',
      }),
    ).toBe(1);
  });

  it('counts a refund once when it is requested and once when it settles', async () => {
    expect(await sample('refunds_settled_total', { blockchain: 'STELLAR', status: 'FAILED' })).toBe(0);
    const opened = await openTransaction(system, partner, STELLAR_BREB);
    const fact = { ...opened.fact, amount: '0.5' };
    await deliver('chain.deposit.detected.v1', fact, fact.onChainTx);
    let refund: RefundRequestedV1 | undefined;
    await expectEventually(async () => {
      refund = refunds.find(({ transactionId }) => transactionId === opened.id);
      expect(refund).toBeDefined();
    });
    expect(await sample('deposits_recorded_total', { blockchain: 'STELLAR', outcome: 'WRONG_AMOUNT' })).toBe(
      1,
    );
    expect(await sample('refunds_requested_total', { blockchain: 'STELLAR', reason: 'WRONG_AMOUNT' })).toBe(
      1,
    );

    const settled: RefundSettledV1 = {
      refundId: refund!.refundId,
      transactionId: opened.id,
      blockchain: refund!.blockchain,
      status: 'FAILED',
      onChainTx: null,
      reason: 'insufficient balance',
      settledAt: new Date().toISOString(),
    };
    await deliver('chain.refund.settled.v1', settled, opened.id);
    await deliver('chain.refund.settled.v1', settled, opened.id);

    await expectEventually(async () =>
      expect(await sample('refunds_settled_total', { blockchain: 'STELLAR', status: 'FAILED' })).toBe(1),
    );
    expect(await sample('refunds_settled_total', { blockchain: 'STELLAR', status: 'SENT' })).toBe(0);
  });
});
