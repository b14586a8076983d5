import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectEventually } from '@platform/test-support';
import {
  BREB_MOBILE,
  PIX_CPF,
  SOLANA_PIX,
  TransactionSystem,
  refusal,
  type Partner,
} from './transaction-system.js';

// Races and retries. With TEST_DATABASE_URL set (npm run test:infra) this runs on real
// PostgreSQL, where concurrent requests really overlap; embedded PostgreSQL serialises them.
describe('accepting a quote under concurrency and retries', () => {
  const system = new TransactionSystem();
  let partnerA: Partner;
  let partnerB: Partner;

  beforeAll(async () => {
    // Sweeps often, so that a key past its retention is forgotten within the test.
    await system.start({ EXPIRY_SWEEP_MS: '200' });
    partnerA = await system.createPartner('Racer A');
    partnerB = await system.createPartner('Racer B');
  });

  afterAll(() => system.stop());

  it('creates exactly one transaction from 50 concurrent accepts of one quote', async () => {
    const quote = await system.quote(partnerA);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        system.accept(partnerA, {
          quote_id: quote.quote_id,
          user_id: `racer-${index % 3}`,
          account_number: BREB_MOBILE,
        }),
      ),
    );

    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
    const ids = new Set(responses.map((response) => response.body.id));
    expect(ids.size).toBe(1);
    expect(new Set(responses.map((response) => JSON.stringify(response.body))).size).toBe(1);
    const [id] = ids;
    await expectEventually(() =>
      expect(system.events.filter((event) => event.payload.quote.id === quote.quote_id)).toHaveLength(1),
    );
    const journal = (await system.ops().get(`/ops/transactions/${id}`).expect(200)).body.journal;
    expect(journal).toHaveLength(1);
  });

  describe('Idempotency-Key', () => {
    it('answers the same response to the same key and body, and 422 to another body', async () => {
      const quote = await system.quote(partnerA);
      const body = { quote_id: quote.quote_id, user_id: 'idem-1', account_number: BREB_MOBILE };
      const first = await system.accept(partnerA, body, 'key-1').expect(200);
      const replay = await system.accept(partnerA, { ...body }, 'key-1').expect(200);
      expect(replay.text).toBe(first.text);

      const other = await system.quote(partnerA);
      const refused = await system
        .accept(partnerA, { ...body, quote_id: other.quote_id }, 'key-1')
        .expect(422);
      expect(refused.body).toEqual(
        refusal(
          'idempotency_key_reused',
          'This Idempotency-Key was already used with a different request body',
        ),
      );
      // Nothing was created for the refused body.
      const listed = await system.http
        .get('/transactions/list')
        .query({ externalUserId: 'idem-1' })
        .set('X-API-Key', partnerA.apiKey)
        .expect(200);
      expect(listed.body.total).toBe(1);
    });

    it('treats the same fields in another order as the same body', async () => {
      const quote = await system.quote(partnerA);
      const first = await system
        .accept(
          partnerA,
          { quote_id: quote.quote_id, user_id: 'idem-2', account_number: BREB_MOBILE },
          'key-2',
        )
        .expect(200);
      const reordered = await system
        .accept(
          partnerA,
          { account_number: BREB_MOBILE, user_id: 'idem-2', quote_id: quote.quote_id },
          'key-2',
        )
        .expect(200);
      expect(reordered.body).toEqual(first.body);
    });

    it('answers one response to concurrent retries under one key', async () => {
      const quote = await system.quote(partnerA, SOLANA_PIX);
      const body = { quote_id: quote.quote_id, user_id: 'idem-3', account_number: PIX_CPF };
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => system.accept(partnerA, body, 'key-3')),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
      expect(new Set(responses.map((response) => response.body.id)).size).toBe(1);
    });

    it('lets one of several concurrent bodies under one key act, and refuses the others', async () => {
      const quotes = await Promise.all(Array.from({ length: 5 }, () => system.quote(partnerA)));
      const responses = await Promise.all(
        quotes.map((quote) =>
          system.accept(
            partnerA,
            { quote_id: quote.quote_id, user_id: 'idem-race', account_number: BREB_MOBILE },
            'key-race',
          ),
        ),
      );

      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([200, 422, 422, 422, 422]);
      for (const response of responses.filter((candidate) => candidate.status === 422)) {
        expect(response.body).toEqual(
          refusal(
            'idempotency_key_reused',
            'This Idempotency-Key was already used with a different request body',
          ),
        );
      }
      const listed = await system.http
        .get('/transactions/list')
        .query({ externalUserId: 'idem-race' })
        .set('X-API-Key', partnerA.apiKey)
        .expect(200);
      expect(listed.body.total).toBe(1);
    });

    it('keeps keys per partner', async () => {
      const quoteA = await system.quote(partnerA);
      const quoteB = await system.quote(partnerB);
      await system
        .accept(
          partnerA,
          { quote_id: quoteA.quote_id, user_id: 'u', account_number: BREB_MOBILE },
          'shared-key',
        )
        .expect(200);
      const b = await system
        .accept(
          partnerB,
          { quote_id: quoteB.quote_id, user_id: 'u', account_number: BREB_MOBILE },
          'shared-key',
        )
        .expect(200);
      expect(b.body.id).toEqual(expect.any(String));
    });

    it('does not keep refusals: a fixed request may reuse its key', async () => {
      const quote = await system.quote(partnerA);
      const broken = { quote_id: quote.quote_id, user_id: 'idem-4', account_number: 'not a key' };
      await system.accept(partnerA, broken, 'key-4').expect(400);
      await system.accept(partnerA, { ...broken, account_number: BREB_MOBILE }, 'key-4').expect(200);
    });

    it('forgets a key past its retention: the key then names a new request', async () => {
      const quote = await system.quote(partnerA);
      const body = { quote_id: quote.quote_id, user_id: 'idem-5', account_number: BREB_MOBILE };
      await system.accept(partnerA, body, 'key-5').expect(200);
      const recent = await system.quote(partnerA);
      await system.accept(partnerA, { ...body, quote_id: recent.quote_id }, 'key-5').expect(422);

      await system.sql(
        `UPDATE "transaction"."idempotency_record" SET created_at = now() - interval '25 hours'
         WHERE idempotency_key = 'key-5'`,
        [],
      );
      await expectEventually(async () =>
        expect(
          await system.sql(
            `SELECT 1 FROM "transaction"."idempotency_record" WHERE idempotency_key = 'key-5'`,
            [],
          ),
        ).toHaveLength(0),
      );

      const anew = await system.accept(partnerA, { ...body, quote_id: recent.quote_id }, 'key-5').expect(200);
      expect(anew.body.id).not.toBeNull();
    });

    it.each([
      ['too long', 'k'.repeat(256)],
      ['with a space', 'my key'],
    ])('refuses a key %s', async (_case, key) => {
      const quote = await system.quote(partnerA);
      const response = await system
        .accept(partnerA, { quote_id: quote.quote_id, user_id: 'u', account_number: BREB_MOBILE }, key)
        .expect(400);
      expect(response.body).toEqual(
        refusal('invalid_request', 'Idempotency-Key must be 1 to 255 visible ASCII characters'),
      );
    });
  });
});
