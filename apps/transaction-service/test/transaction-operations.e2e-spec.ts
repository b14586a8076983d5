import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { InternalTokenService } from '@platform/http';
import { TEST_INTERNAL_AUTH_SECRET } from '@platform/testing';
import { ServiceName, TransactionStatus } from '@shared/contracts';
import { InitialDepositAddresses } from '../src/deposit-addresses/initial-deposit-addresses.js';
import { TransitionTransactionUseCase } from '../src/transactions/transition-transaction.use-case.js';
import {
  BREB_MOBILE,
  CELO_PIX,
  DEPOSIT_ADDRESSES,
  PIX_CPF,
  STELLAR_BREB,
  TransactionSystem,
  refusal,
  type Partner,
} from './transaction-system.js';
import { fakeDepositAddress } from './fake-chain-watchers.js';

const KYC_REQUIRED = { id: null, kycRequired: true, transaction_reference: null, payment_context: null };
// 5,000,000 COP is about 1262 USDC: above the default threshold of 1000 on its own.
const LARGE = { ...STELLAR_BREB, amount: 5_000_000 };
const ROTATED_STELLAR = 'GDQJUTQYK2MQX2VGDR2FYWLIYAQIEGXTQVTFEMGH2BEWFG4BRUY4CKI7';
const CELO_ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

// KYC policies, deposit addresses and the operations view. Celo starts without a shared deposit
// address: its transactions each get their own from chain-watchers.
describe('transaction operations through the gateway', () => {
  const system = new TransactionSystem();
  let partnerA: Partner;
  let partnerB: Partner;
  let users = 0;
  const newUser = () => `ops-user-${++users}`;

  // Quotes and accepts in one step, checking the status (an awaited supertest call is its response).
  const acceptQuote = async (partner: Partner, userId: string, route = STELLAR_BREB, status = 200) => {
    const quote = await system.quote(partner, route);
    const account = route === CELO_PIX ? PIX_CPF : BREB_MOBILE;
    return system
      .accept(partner, { quote_id: quote.quote_id, user_id: userId, account_number: account })
      .expect(status);
  };
  const setPolicy = (partner: Partner, body: object) =>
    system.ops().put(`/ops/kyc-policies/${partner.partnerId}`).send(body);
  const complete = async (transactionId: string) => {
    const transition = system.transactionService.app.get(TransitionTransactionUseCase);
    for (const to of [TransactionStatus.PROCESSING_PAYMENT, TransactionStatus.PAYMENT_COMPLETED]) {
      await transition.execute({ transactionId, to, idempotencyKey: `test:${to}` });
    }
  };

  beforeAll(async () => {
    await system.start({ DEPOSIT_ADDRESS_CELO: '' });
    partnerA = await system.createPartner('Operations A');
    partnerB = await system.createPartner('Operations B');
  });

  afterAll(() => system.stop());

  describe('KYC gate', () => {
    it('gives a new partner the threshold policy: a first small payout needs no KYC, a large one does', async () => {
      expect((await system.ops().get(`/ops/kyc-policies/${partnerA.partnerId}`).expect(200)).body).toEqual({
        partnerId: partnerA.partnerId,
        mode: 'threshold',
        thresholdAmount: '1000',
        source: 'default',
      });
      await acceptQuote(partnerA, newUser());

      const userId = newUser();
      expect((await acceptQuote(partnerA, userId, LARGE)).body).toEqual(KYC_REQUIRED);
      const listed = await system.http
        .get('/transactions/list')
        .query({ externalUserId: userId })
        .set('X-API-Key', partnerA.apiKey)
        .expect(200);
      expect(listed.body.total).toBe(0);
      expect(system.events.filter((event) => event.payload.userId === userId)).toEqual([]);

      await system.approveKyc(partnerA, userId);
      expect((await acceptQuote(partnerA, userId, LARGE)).body).toMatchObject({
        id: expect.any(String),
        kycRequired: false,
      });
    });

    it('counts completed payouts of the last 30 days, this one included, against the threshold', async () => {
      await setPolicy(partnerA, { mode: 'threshold', thresholdAmount: '150' }).expect(200);
      const userId = newUser();
      const first = await acceptQuote(partnerA, userId);
      // An accepted but unpaid transaction is no volume yet: 101.02 + 101.02 passes only while open.
      await acceptQuote(partnerA, userId);
      await complete(first.body.id);
      expect((await acceptQuote(partnerA, userId)).body).toEqual(KYC_REQUIRED);

      // Completed 31 days ago: outside the window.
      await system.sql(
        `UPDATE "transaction"."transaction" SET "status_changed_at" = now() - interval '31 days' WHERE "id" = $1`,
        [first.body.id],
      );
      expect((await acceptQuote(partnerA, userId)).body.kycRequired).toBe(false);
      await setPolicy(partnerA, { mode: 'threshold', thresholdAmount: null }).expect(200);
    });

    it('applies always and off per partner', async () => {
      const always = await setPolicy(partnerA, { mode: 'always' }).expect(200);
      expect(always.body).toEqual({
        partnerId: partnerA.partnerId,
        mode: 'always',
        thresholdAmount: '1000',
        source: 'partner',
      });
      expect((await acceptQuote(partnerA, newUser())).body).toEqual(KYC_REQUIRED);
      const approved = newUser();
      await system.approveKyc(partnerA, approved);
      await acceptQuote(partnerA, approved);
      // Partner B keeps the default.
      await acceptQuote(partnerB, newUser());

      await setPolicy(partnerA, { mode: 'off' }).expect(200);
      expect((await acceptQuote(partnerA, newUser(), LARGE)).body.kycRequired).toBe(false);
      await setPolicy(partnerA, { mode: 'threshold' }).expect(200);
    });

    it.each([
      [{ mode: 'sometimes' }, 'mode must be one of: off, always, threshold'],
      [{}, 'mode is required'],
      [{ mode: 'threshold', thresholdAmount: '1e3' }, 'thresholdAmount must be a decimal string'],
      [{ mode: 'threshold', thresholdAmount: 1000 }, 'thresholdAmount must be a decimal string'],
    ])('refuses the policy %j', async (body, reason) => {
      expect((await setPolicy(partnerA, body).expect(400)).body).toEqual(refusal('invalid_request', reason));
    });

    it('is for the operations key only', async () => {
      await system.http
        .get(`/ops/kyc-policies/${partnerA.partnerId}`)
        .set('X-API-Key', partnerA.apiKey)
        .expect(401);
      await system.http
        .put(`/ops/kyc-policies/${partnerA.partnerId}`)
        .set('X-API-Key', partnerA.apiKey)
        .send({ mode: 'off' })
        .expect(401);
    });
  });

  describe('deposit addresses', () => {
    const internal = async () => {
      const token = await new InternalTokenService(TEST_INTERNAL_AUTH_SECRET).sign({
        kind: 'service',
        service: ServiceName.ChainWatchers,
      });
      return request(system.transactionService.url)
        .get('/internal/deposit-addresses')
        .set('x-internal-identity', token)
        .expect(200);
    };

    it("gives a Celo transaction its own address from chain-watchers, with or without the chain's shared one; none without chain-watchers' master secret", async () => {
      const accepted = (await acceptQuote(partnerA, newUser(), CELO_PIX)).body;
      expect(accepted.payment_context.depositAddress).toBe(fakeDepositAddress('CELO', accepted.id));
      expect(system.chainWatchers.requests.map(({ body }) => body)).toContainEqual({
        blockchain: 'CELO',
        transactionId: accepted.id,
        asset: accepted.payment_context.mintAddress,
        expiresAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      const other = (await acceptQuote(partnerA, newUser(), CELO_PIX)).body;
      expect(other.payment_context.depositAddress).not.toBe(accepted.payment_context.depositAddress);

      system.chainWatchers.withoutMasterSecret = true;
      try {
        const refused = await acceptQuote(partnerA, newUser(), CELO_PIX, 400);
        expect(refused.body).toEqual(
          refusal('corridor_unavailable', 'Deposits on CELO are not available right now'),
        );
      } finally {
        system.chainWatchers.withoutMasterSecret = false;
      }
    });

    it('rotates without a deploy: new transactions get the new address, accepted ones keep theirs', async () => {
      const before = (await acceptQuote(partnerA, newUser())).body;
      const rotated = await system
        .ops()
        .put('/ops/deposit-addresses')
        .send({ blockchain: 'STELLAR', address: ROTATED_STELLAR })
        .expect(200);
      expect(rotated.body).toEqual({
        blockchain: 'STELLAR',
        address: ROTATED_STELLAR,
        active: true,
        activatedAt: expect.any(String),
        retiredAt: null,
      });
      const after = (await acceptQuote(partnerA, newUser())).body;
      expect(after.payment_context.depositAddress).toBe(ROTATED_STELLAR);
      const kept = await system.ops().get(`/ops/transactions/${before.id}`).expect(200);
      expect(kept.body.payment_context.depositAddress).toBe(DEPOSIT_ADDRESSES.STELLAR);

      // The configured address does not come back at the next boot.
      await system.transactionService.app.get(InitialDepositAddresses).onApplicationBootstrap();
      const { addresses } = (await internal()).body;
      expect(addresses.filter((a: { blockchain: string }) => a.blockchain === 'STELLAR')).toEqual([
        expect.objectContaining({ address: ROTATED_STELLAR, active: true, retiredAt: null }),
        expect.objectContaining({
          address: DEPOSIT_ADDRESSES.STELLAR,
          active: false,
          retiredAt: expect.any(String),
        }),
      ]);
      expect(addresses).toContainEqual({
        blockchain: 'SOLANA',
        address: DEPOSIT_ADDRESSES.SOLANA,
        active: true,
        activatedAt: expect.any(String),
        retiredAt: null,
      });
    });

    it('brings a retired address back', async () => {
      await system
        .ops()
        .put('/ops/deposit-addresses')
        .send({ blockchain: 'STELLAR', address: DEPOSIT_ADDRESSES.STELLAR })
        .expect(200);
      const { addresses } = (await system.ops().get('/ops/deposit-addresses').expect(200)).body;
      const stellar = addresses.filter((a: { blockchain: string }) => a.blockchain === 'STELLAR');
      expect(stellar.map((a: { address: string; active: boolean }) => [a.address, a.active])).toEqual([
        [DEPOSIT_ADDRESSES.STELLAR, true],
        [ROTATED_STELLAR, false],
      ]);
    });

    it.each([
      [
        { blockchain: 'STELLAR', address: CELO_ADDRESS },
        'A STELLAR deposit address must be a Stellar account id (G…, 56 characters)',
      ],
      [
        { blockchain: 'CELO', address: '0x123' },
        'A CELO deposit address must be an EVM address (0x and 40 hex digits)',
      ],
      [
        { blockchain: 'SOLANA', address: '0OIl' },
        'A SOLANA deposit address must be a Solana address (base58, 32 to 44 characters)',
      ],
      [
        { blockchain: 'BITCOIN', address: 'x' },
        'blockchain must be one of the following values: STELLAR, SOLANA, CELO',
      ],
      [{ blockchain: 'CELO' }, 'address is required'],
    ])('refuses %j', async (body, reason) => {
      const response = await system.ops().put('/ops/deposit-addresses').send(body).expect(400);
      expect(response.body).toEqual(refusal('invalid_request', reason));
    });

    it('lists addresses internally only to services, never through the gateway', async () => {
      const partnerToken = await new InternalTokenService(TEST_INTERNAL_AUTH_SECRET).sign({
        kind: 'partner',
        partnerId: partnerA.partnerId,
        scheme: 'api_key',
        walletUser: null,
      });
      await request(system.transactionService.url)
        .get('/internal/deposit-addresses')
        .set('x-internal-identity', partnerToken)
        .expect(401);
      await system.http.get('/internal/deposit-addresses').set('X-API-Key', partnerA.apiKey).expect(404);
      await system.http.get('/ops/deposit-addresses').set('X-API-Key', partnerA.apiKey).expect(401);
    });
  });

  describe('GET /internal/transaction-traces', () => {
    let serviceToken: string;
    const traces = (query: string) =>
      request(system.transactionService.url)
        .get(`/internal/transaction-traces${query}`)
        .set('x-internal-identity', serviceToken);

    beforeAll(async () => {
      serviceToken = await new InternalTokenService(TEST_INTERNAL_AUTH_SECRET).sign({
        kind: 'service',
        service: ServiceName.ChainWatchers,
      });
    });

    it("answers a reference's transaction and the trace it was accepted in, and nulls for an unknown one", async () => {
      const { id, transaction_reference } = (await acceptQuote(partnerA, newUser())).body;

      const found = await traces(`?reference=${encodeURIComponent(transaction_reference)}`).expect(200);
      const unknown = await traces('?reference=NO-SUCH-REFERENCE').expect(200);

      expect(found.body).toEqual({
        transactionId: id,
        traceparent: expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/),
      });
      expect(unknown.body).toEqual({ transactionId: null, traceparent: null });
    });

    it.each([
      ['', 'reference is required'],
      ['?reference=', 'reference must not be empty'],
      [`?reference=${'M'.repeat(65)}`, 'reference must be at most 64 characters'],
      ['?reference=a&reference=b', 'reference must be a string'],
    ])('refuses the query %j with its reason', async (query, reason) => {
      const response = await traces(query).expect(400);
      expect(response.body).toEqual(refusal('invalid_request', reason));
    });
  });

  describe('GET /ops/transactions/{id}', () => {
    it("shows any partner's transaction with its partner, deposit target and journal", async () => {
      const userId = newUser();
      const { id, transaction_reference } = (await acceptQuote(partnerB, userId)).body;
      const response = await system.ops().get(`/ops/transactions/${id}`).expect(200);
      expect(response.body).toMatchObject({
        id,
        partnerId: partnerB.partnerId,
        userId,
        status: 'AWAITING_PAYMENT',
        transaction_reference,
        payment_context: { blockchain: 'STELLAR', memo: transaction_reference, amount: 101.02 },
        terms: {
          amountToSend: '101.02',
          cryptoCurrency: 'USDC',
          recipientAmount: '400000',
          targetCurrency: 'COP',
          memo: transaction_reference,
        },
        journal: [{ sequence: 1, change: 'CREATED', fromStatus: null, toStatus: 'AWAITING_PAYMENT' }],
      });
      expect(response.body.terms.rate).toMatch(/^\d+(\.\d+)?$/);
      expect(response.body.terms.fee).toMatch(/^\d+(\.\d+)?$/);
    });

    it('answers transaction_not_found for an unknown or malformed id, and 401 to partners', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
        expect((await system.ops().get(`/ops/transactions/${id}`).expect(404)).body).toEqual(
          refusal('transaction_not_found', 'Transaction not found'),
        );
      }
      await system.http
        .get('/ops/transactions/00000000-0000-4000-8000-000000000000')
        .set('X-API-Key', partnerA.apiKey)
        .expect(401);
    });

    it('documents its answers, as the other operations routes of this service', async () => {
      const { body: document } = await system.http.get('/openapi.json').expect(200);
      const schemaOf = (path: string, method: string, status: string) =>
        document.paths[path][method].responses[status]?.content['application/json'].schema;
      const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
      expect(schemaOf('/ops/transactions/{id}', 'get', '200')).toEqual(ref('OpsTransactionResponseDto'));
      expect(schemaOf('/ops/transactions/{id}', 'get', '404')).toEqual(ref('TransactionErrorResponseDto'));
      expect(schemaOf('/ops/transactions/{id}', 'get', '401')).toEqual(
        ref('AuthenticationFailedResponseDto'),
      );
      expect(schemaOf('/ops/kyc-policies/{partnerId}', 'put', '200')).toEqual(ref('KycPolicyResponseDto'));
      expect(schemaOf('/ops/transactions/reconcile-hash', 'post', '200')).toEqual(
        ref('ReconcileHashResponseDto'),
      );
      expect(schemaOf('/ops/deposit-addresses', 'get', '200')).toEqual(ref('DepositAddressesResponseDto'));
      expect(schemaOf('/ops/deposit-addresses', 'put', '200')).toEqual(ref('DepositAddressResponseDto'));
      expect(schemaOf('/ops/deposits/unmatched', 'get', '200')).toEqual(ref('UnmatchedDepositsResponseDto'));
    });
  });
});
