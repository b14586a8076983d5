import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectEventually } from '@platform/test-support';
import { BREB_MOBILE, STELLAR_BREB, TransactionSystem, refusal, type Partner } from './transaction-system.js';

// The rails' payout caps (README, "Payout limits"): set by operators at quote-service, checked at
// quote (per transaction) and enforced at accept (every cap), shares given back by expiry. With
// TEST_DATABASE_URL set the concurrent accepts really overlap; embedded PostgreSQL serialises them.
describe('payout caps per rail', () => {
  const system = new TransactionSystem();
  let partner: Partner;
  const BREB_DEFAULTS = {
    perTransaction: '5000000',
    perUserDailyAmount: '25000000',
    perUserDailyCount: 15,
    perPaymentMethodDailyAmount: '25000000',
  };
  const UNCAPPED = {
    perTransaction: null,
    perUserDailyAmount: null,
    perUserDailyCount: null,
    perPaymentMethodDailyAmount: null,
  };

  beforeAll(async () => {
    await system.start({ EXPIRY_SWEEP_MS: '100', EXPIRY_GRACE_MS: '0' });
    partner = await system.createPartner('Capped');
    // KYC is another gate: these payouts pass it.
    await system.ops().put(`/ops/kyc-policies/${partner.partnerId}`).send({ mode: 'off' }).expect(200);
  });

  afterAll(() => system.stop());

  const setCaps = (caps: object) =>
    system.ops().put('/ops/corridors/caps/BREB/COP').set('X-Operator', 'ana').send(caps).expect(200);

  // Quotes first (one per accept), then the accepts all at once.
  async function acceptConcurrently(count: number, amount: number, userId: string) {
    const quotes = [];
    for (let index = 0; index < count; index += 1)
      quotes.push(await system.quote(partner, { ...STELLAR_BREB, amount }));
    return Promise.all(
      quotes.map((quote) =>
        system.accept(partner, { quote_id: quote.quote_id, user_id: userId, account_number: BREB_MOBILE }),
      ),
    );
  }

  const statuses = (responses: Array<{ status: number }>) =>
    responses.map((response) => response.status).sort((a, b) => a - b);

  it('starts with the documented defaults: Bre-B capped, PIX uncapped, each with its day', async () => {
    const response = await system.ops().get('/ops/corridors/caps').expect(200);
    expect(response.body).toEqual({
      caps: [
        { paymentMethod: 'BREB', targetCurrency: 'COP', timeZone: 'America/Bogota', ...BREB_DEFAULTS },
        { paymentMethod: 'PIX', targetCurrency: 'BRL', timeZone: 'America/Sao_Paulo', ...UNCAPPED },
      ],
    });
  });

  it('admits five of six concurrent 5,000,000 COP accepts of one user and refuses the sixth with the daily reason', async () => {
    const responses = await acceptConcurrently(6, 5_000_000, 'six-at-once');

    expect(statuses(responses)).toEqual([200, 200, 200, 200, 200, 400]);
    const refused = responses.find((response) => response.status === 400);
    expect(refused?.body).toEqual(
      refusal(
        'daily_limit_reached',
        "This user reached today's BREB payout limit of 25000000 COP (0 COP left today)",
      ),
    );
  });

  it('refuses, at quote and at accept, a payout above the per-transaction cap', async () => {
    await setCaps(UNCAPPED);
    const quote = await system.quote(partner, { ...STELLAR_BREB, amount: 4_000_000 });
    await setCaps({ ...UNCAPPED, perTransaction: '3000000.50' });
    const reason = 'The amount is above the BREB limit of 3000000.5 COP per transaction';

    const quoted = await system.http
      .post('/quote')
      .set('X-API-Key', partner.apiKey)
      .send({ ...STELLAR_BREB, amount: 3_000_001 })
      .expect(400);
    expect(quoted.body).toEqual(refusal('amount_above_transaction_limit', reason));
    const accepted = await system
      .accept(partner, { quote_id: quote.quote_id, user_id: 'too-big', account_number: BREB_MOBILE })
      .expect(400);
    expect(accepted.body).toEqual(refusal('amount_above_transaction_limit', reason));
  });

  it("refuses a user's 16th transaction of the day with the count reason", async () => {
    await setCaps({ ...UNCAPPED, perUserDailyCount: 15 });
    const responses = await acceptConcurrently(16, 20_000, 'sixteen');

    expect(statuses(responses)).toEqual([...Array(15).fill(200), 400]);
    expect(responses.find((response) => response.status === 400)?.body).toEqual(
      refusal(
        'transaction_count_limit_reached',
        'You reached the maximum number of transactions allowed today: 15 via BREB',
      ),
    );
  });

  it('admits exactly as many of 50 concurrent accepts as fit the daily amount', async () => {
    await setCaps({ ...UNCAPPED, perUserDailyAmount: '1000000' });
    const responses = await acceptConcurrently(50, 100_000, 'fifty');

    expect(statuses(responses)).toEqual([...Array(10).fill(200), ...Array(40).fill(400)]);
    const [usage] = await system.sql<{ amount: string; count: number }>(
      `SELECT amount::text, count FROM "transaction"."daily_cap_usage" WHERE scope = 'user' AND user_id = $1`,
      ['fifty'],
    );
    expect(usage).toEqual({ amount: '1000000.00', count: 10 });
  });

  it('refuses past the payment method cap across users with its own reason', async () => {
    const rail = (
      await system.sql<{ amount: string }>(
        `SELECT amount::text FROM "transaction"."daily_cap_usage" WHERE scope = 'rail' AND payment_method = 'BREB'`,
        [],
      )
    )[0]!.amount;
    // Room for exactly one more 20,000 COP payout on the rail today.
    await setCaps({ ...UNCAPPED, perPaymentMethodDailyAmount: (Number(rail) + 20_000).toFixed(2) });
    const first = await system.quote(partner, { ...STELLAR_BREB, amount: 20_000 });
    const second = await system.quote(partner, { ...STELLAR_BREB, amount: 20_000 });

    await system
      .accept(partner, { quote_id: first.quote_id, user_id: 'rail-a', account_number: BREB_MOBILE })
      .expect(200);
    const refused = await system
      .accept(partner, { quote_id: second.quote_id, user_id: 'rail-b', account_number: BREB_MOBILE })
      .expect(400);
    expect(refused.body).toEqual(
      refusal(
        'payment_method_limit_reached',
        "This payment method (BREB) already reached today's payout limit; try again tomorrow",
      ),
    );
  });

  it('gives an expired transaction its share back, and shows the partner its usage', async () => {
    await setCaps({ ...UNCAPPED, perUserDailyAmount: '20000' });
    const [first, second] = [
      await system.quote(partner, { ...STELLAR_BREB, amount: 20_000 }),
      await system.quote(partner, { ...STELLAR_BREB, amount: 20_000 }),
    ];
    const accepted = await system
      .accept(partner, { quote_id: first!.quote_id, user_id: 'expires', account_number: BREB_MOBILE })
      .expect(200);
    await system
      .accept(partner, { quote_id: second!.quote_id, user_id: 'expires', account_number: BREB_MOBILE })
      .expect(400);

    await system.sql(
      `UPDATE "transaction"."transaction" SET quote_expires_at = now() - interval '1 minute' WHERE id = $1`,
      [accepted.body.id],
    );
    await expectEventually(async () => {
      const status = await system.http
        .get(`/transaction/${accepted.body.id}`)
        .set('X-API-Key', partner.apiKey);
      expect(status.body.status).toBe('PAYMENT_EXPIRED');
    });
    await system
      .accept(partner, { quote_id: second!.quote_id, user_id: 'expires', account_number: BREB_MOBILE })
      .expect(200);

    const limits = await system.http.get('/transactions/limits').set('X-API-Key', partner.apiKey).expect(200);
    const breb = limits.body.rails.find((rail: { paymentMethod: string }) => rail.paymentMethod === 'BREB');
    expect(breb).toMatchObject({
      targetCurrency: 'COP',
      timeZone: 'America/Bogota',
      day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      caps: { ...UNCAPPED, perUserDailyAmount: '20000' },
    });
    expect(breb.users).toContainEqual({ userId: 'expires', amount: '20000', count: 1 });
    expect(breb.users[0]).toEqual({ userId: 'six-at-once', amount: '25000000', count: 5 });
    // Operators read the same for the partner (the console's partner page).
    const seenByOps = await system.ops().get(`/ops/cap-usage/${partner.partnerId}`).expect(200);
    expect(seenByOps.body).toEqual(limits.body);
  });

  it('documents each refusal with its status, code and text, and the day of the caps', async () => {
    const { body: document } = await system.http.get('/openapi.json').expect(200);
    const badRequest = (path: string) => document.paths[path].post.responses['400'].description as string;
    const day =
      "a day is the calendar day in the rail's country: America/Bogota for BREB, America/Sao_Paulo for PIX";
    const perTransaction =
      '`amount_above_transaction_limit` "The amount is above the BREB limit of 5000000 COP per transaction"';

    expect(badRequest('/quote')).toContain(day);
    expect(badRequest('/quote')).toContain(perTransaction);
    for (const refusal of [
      perTransaction,
      '`transaction_count_limit_reached` "You reached the maximum number of transactions allowed today: 15 via BREB"',
      '`daily_limit_reached` "This user reached today\'s BREB payout limit of 25000000 COP (0 COP left today)"',
      '`payment_method_limit_reached` "This payment method (BREB) already reached today\'s payout limit; try again tomorrow"',
    ])
      expect(badRequest('/transaction')).toContain(refusal);
    expect(
      document.paths['/ops/corridors/caps/{paymentMethod}/{targetCurrency}'].put.responses['200'].description,
    ).toContain('America/Bogota for BREB (COP), America/Sao_Paulo for PIX (BRL)');
  });

  it('documents the other payout limits: KYB, rail liquidity and disabled users, each with its text', async () => {
    const { body: document } = await system.http.get('/openapi.json').expect(200);
    const answer = (path: string, status: number) =>
      document.paths[path].post.responses[String(status)].description as string;
    const userDisabled =
      '`user_disabled` "This user has been disabled by operations: its quotes, transactions and KYC are refused"';

    expect(answer('/transaction', 403)).toContain(
      '`kyb_pending_limit` "This partner\'s business verification (KYB) is pending: its completed transactions are limited to 100 USDC in all (80 so far, this one 25.5) until it is approved"',
    );
    expect(answer('/transaction', 403)).toContain(
      '`kyb_rejected` "This partner\'s business verification (KYB) was rejected: it cannot create transactions"',
    );
    for (const path of ['/quote', '/quote/reverse', '/quote/onramp', '/transaction', '/kyc'])
      expect(answer(path, 403)).toContain(userDisabled);
    expect(answer('/quote', 422)).toContain(
      '`insufficient_liquidity` (retryable: rails are topped up) when the payout rail\'s available balance is below the amount it would pay out, e.g. "The available liquidity for this method is below the requested amount of 250000.00 BRL via PIX; try a smaller amount or again later"',
    );
  });

  describe('operators', () => {
    it('records each change in the corridor audit under X-Operator', async () => {
      await setCaps(BREB_DEFAULTS);
      const audit = await system.ops().get('/ops/corridors/audit').query({ limit: 1 }).expect(200);
      expect(audit.body.entries[0]).toMatchObject({
        actor: 'ana',
        action: 'set_rail_caps',
        subject: 'BREB COP',
        change: BREB_DEFAULTS,
      });
    });

    it('refuses a rail that does not exist and malformed caps', async () => {
      const missing = await system.ops().put('/ops/corridors/caps/PIX/COP').send(UNCAPPED).expect(404);
      expect(missing.body).toEqual(refusal('corridor_not_found', 'No rail pays COP via PIX'));
      const malformed = await system
        .ops()
        .put('/ops/corridors/caps/BREB/COP')
        .send({ ...UNCAPPED, perTransaction: '1.234' })
        .expect(400);
      expect(malformed.body.code).toBe('invalid_request');
      const absent = await system.ops().put('/ops/corridors/caps/BREB/COP').send({}).expect(400);
      expect(absent.body.code).toBe('invalid_request');
    });
  });
});
