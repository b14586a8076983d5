import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type request from 'supertest';
import { BREB_MOBILE, STELLAR_BREB, TransactionSystem, refusal, type Partner } from './transaction-system.js';

// The daily caps on real PostgreSQL with two transaction-service replicas, each behind its own
// gateway: concurrent accepts spread over both admit exactly as many as fit, no more, no fewer.
describe('payout caps across two transaction-service replicas', () => {
  const system = new TransactionSystem();
  let partner: Partner;
  let replicas: Array<ReturnType<typeof request>>;

  beforeAll(async () => {
    if (!process.env['TEST_DATABASE_URL']) {
      throw new Error('TEST_DATABASE_URL is not set: eval "$(bash tools/infra/infra.sh env)"');
    }
    await system.start();
    replicas = [system.http, await system.startReplica()];
    partner = await system.createPartner('Two replicas');
    await system.ops().put(`/ops/kyc-policies/${partner.partnerId}`).send({ mode: 'off' }).expect(200);
  });

  afterAll(() => system.stop());

  const setCaps = (caps: object) =>
    system
      .ops()
      .put('/ops/corridors/caps/BREB/COP')
      .send({ perTransaction: null, perUserDailyCount: null, perPaymentMethodDailyAmount: null, ...caps })
      .expect(200);

  // Quotes first, then every accept at once, alternating between the replicas.
  async function acceptAcrossReplicas(count: number, amount: number, userId: (index: number) => string) {
    const quotes = [];
    for (let index = 0; index < count; index += 1)
      quotes.push(await system.quote(partner, { ...STELLAR_BREB, amount }));
    return Promise.all(
      quotes.map((quote, index) =>
        replicas[index % 2]!.post('/transaction')
          .set('X-API-Key', partner.apiKey)
          .send({ quote_id: quote.quote_id, user_id: userId(index), account_number: BREB_MOBILE }),
      ),
    );
  }

  const count = (responses: Array<{ status: number }>, status: number) =>
    responses.filter((response) => response.status === status).length;

  it('admits five of six concurrent 5,000,000 COP accepts of one user', async () => {
    await setCaps({ perUserDailyAmount: '25000000' });
    const responses = await acceptAcrossReplicas(6, 5_000_000, () => 'six');

    expect([count(responses, 200), count(responses, 400)]).toEqual([5, 1]);
    expect(responses.find((response) => response.status === 400)?.body).toEqual(
      refusal(
        'daily_limit_reached',
        "This user reached today's BREB payout limit of 25000000 COP (0 COP left today)",
      ),
    );
  });

  it('admits exactly ten of 50 concurrent accepts of one user under a tenfold cap', async () => {
    await setCaps({ perUserDailyAmount: '1000000' });
    const responses = await acceptAcrossReplicas(50, 100_000, () => 'fifty');

    expect([count(responses, 200), count(responses, 400)]).toEqual([10, 40]);
    const [usage] = await system.sql(
      `SELECT u.amount::text AS used, u.count, (SELECT SUM(t.target_amount)::text FROM "transaction"."transaction" t
         WHERE t.user_id = 'fifty') AS accepted
       FROM "transaction"."daily_cap_usage" u WHERE u.scope = 'user' AND u.user_id = 'fifty'`,
      [],
    );
    expect(usage).toEqual({ used: '1000000.00', count: 10, accepted: '1000000.00' });
  });

  it('admits exactly as many of 50 concurrent accepts of many users as the rail has room for', async () => {
    const [rail] = await system.sql<{ amount: string }>(
      `SELECT amount::text FROM "transaction"."daily_cap_usage" WHERE scope = 'rail' AND payment_method = 'BREB'`,
      [],
    );
    // Room for 20 more payouts of 50,000 COP on the rail today.
    await setCaps({
      perUserDailyAmount: null,
      perPaymentMethodDailyAmount: (Number(rail!.amount) + 1_000_000).toFixed(2),
    });
    const responses = await acceptAcrossReplicas(50, 50_000, (index) => `many-${index}`);

    expect([count(responses, 200), count(responses, 400)]).toEqual([20, 30]);
    expect(
      new Set(responses.filter((response) => response.status === 400).map((response) => response.body.code)),
    ).toEqual(new Set(['payment_method_limit_reached']));
  });
});
