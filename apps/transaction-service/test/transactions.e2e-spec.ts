import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createStaticPix, hasError } from 'pix-utils';
import request from 'supertest';
import { expectEventually } from '@platform/test-support';
import { TransactionStatus } from '@shared/contracts';
import { TransitionTransactionUseCase } from '../src/transactions/transition-transaction.use-case.js';
import { fakeDepositAddress } from './fake-chain-watchers.js';
import {
  BREB_MOBILE,
  CELO_PIX,
  DEPOSIT_ADDRESSES,
  PIX_CPF,
  SOLANA_PIX,
  STELLAR_BREB,
  TransactionSystem,
  refusal,
  type Partner,
} from './transaction-system.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const WALLET = 'GBWALLETUSER7QXJ3V4Z5KQ2Q6WQJ3O2ZB5C3M7Q4N2D6X5V7L3K2H4F6';
const referenceOf = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex').toString('base64');
const brCode = (amount?: number) => {
  const pix = createStaticPix({
    merchantName: 'Fulano de Tal',
    merchantCity: 'BRASILIA',
    pixKey: 'fulano@example.com',
    infoAdicional: 'Pedido 42',
    transactionAmount: amount ?? 0,
  });
  if (hasError(pix)) throw new Error('invalid BR Code fixture');
  return pix.toBRCode();
};

describe('transactions through the gateway', () => {
  const system = new TransactionSystem();
  let partnerA: Partner;
  let partnerB: Partner;
  let users = 0;
  const newUser = () => `user-${++users}`;
  const acceptance = (quoteId: string, overrides: object = {}) => ({
    quote_id: quoteId,
    user_id: newUser(),
    account_number: BREB_MOBILE,
    ...overrides,
  });

  beforeAll(async () => {
    await system.start();
    partnerA = await system.createPartner('Transactions A');
    partnerB = await system.createPartner('Transactions B');
  });

  afterAll(() => system.stop());

  describe('POST /transaction', () => {
    it('answers a complete Stellar payment context: memo is the reference, no mint, no notify', async () => {
      const quote = await system.quote(partnerA, STELLAR_BREB);
      const response = await system.accept(partnerA, acceptance(quote.quote_id)).expect(200);

      const id = response.body.id as string;
      expect(response.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        kycRequired: false,
        transaction_reference: referenceOf(id),
        payment_context: {
          amount: 101.02,
          blockchain: 'STELLAR',
          chainFamily: 'stellar',
          chainId: 'stellar:pubnet',
          cryptoCurrency: 'USDC',
          decimals: 7,
          depositAddress: DEPOSIT_ADDRESSES.STELLAR,
          memo: referenceOf(id),
          memoType: 'text',
          mintAddress: null,
          notify: { endpoint: null, required: false },
          rpcUrl: 'https://horizon.stellar.org',
        },
      });
      expect(response.body.transaction_reference).toHaveLength(24);
      expect(quote.value).toBe(101.02);
    });

    it.each([
      [
        'SOLANA',
        SOLANA_PIX,
        'solana',
        'solana:mainnet',
        'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
        'https://api.mainnet-beta.solana.com',
      ],
      [
        'CELO',
        CELO_PIX,
        'evm',
        'eip155:42220',
        '0x48065fbBE25f71C9282ddf5e1cD6D6A887483D5e',
        'https://forno.celo.org',
      ],
    ])(
      'answers a complete %s payment context: the active mint, notify required, no memo',
      async (_chain, route, chainFamily, chainId, mintAddress, rpcUrl) => {
        const quote = await system.quote(partnerA, route);
        const response = await system
          .accept(partnerA, acceptance(quote.quote_id, { account_number: PIX_CPF }))
          .expect(200);
        expect(response.body.payment_context).toEqual({
          amount: quote.value,
          blockchain: route.network,
          chainFamily,
          chainId,
          cryptoCurrency: route.crypto_currency,
          decimals: 6,
          // The transaction's own, from chain-watchers (here a fake of it).
          depositAddress: fakeDepositAddress(route.network, response.body.id),
          memo: null,
          memoType: null,
          mintAddress,
          notify: { endpoint: '/payments/notify', required: true },
          rpcUrl,
        });
      },
    );

    it('journals and announces the creation, and answers the same transaction for the same quote', async () => {
      const quote = await system.quote(partnerA);
      const body = acceptance(quote.quote_id);
      const first = (await system.accept(partnerA, body).expect(200)).body;
      const again = (await system.accept(partnerA, { ...body, account_number: '3109876543' }).expect(200))
        .body;

      expect(again).toEqual(first);
      await expectEventually(() =>
        expect(system.events.filter((event) => event.key === first.id).map((event) => event.payload)).toEqual(
          [
            {
              transactionId: first.id,
              partnerId: partnerA.partnerId,
              userId: body.user_id,
              sequence: 1,
              change: 'CREATED',
              status: 'AWAITING_PAYMENT',
              previousStatus: null,
              transactionReference: first.transaction_reference,
              onChainTxHash: null,
              quote: {
                id: quote.quote_id,
                cryptoCurrency: 'USDC',
                network: 'STELLAR',
                paymentMethod: 'BREB',
                sourceAmount: '101.02',
                targetAmount: '400000',
                targetCurrency: 'COP',
              },
              refund: null,
              occurredAt: expect.any(String),
            },
          ],
        ),
      );
    });

    it("keeps the recipient's account key, QR code and tax id sealed at rest", async () => {
      const quote = await system.quote(partnerA, SOLANA_PIX);
      const { id } = (
        await system
          .accept(
            partnerA,
            acceptance(quote.quote_id, { account_number: PIX_CPF, qr_code: brCode(), tax_id: '52998224725' }),
          )
          .expect(200)
      ).body;
      const [row] = await system.sql<Record<string, Buffer>>(
        'SELECT "account_number", "qr_code", "tax_id" FROM "transaction"."transaction" WHERE "id" = $1',
        [id],
      );
      for (const sealed of Object.values(row!)) {
        expect(sealed).toBeInstanceOf(Buffer);
        expect(sealed.toString('latin1')).not.toMatch(/52998224725|fulano@example\.com|br\.gov\.bcb\.pix/);
      }
      const seen = await system.ops().get(`/ops/transactions/${id}`).expect(200);
      expect(seen.body.accountNumber).toBe('52998224725');
    });

    it('ignores a bank_code but refuses other unknown fields', async () => {
      const quote = await system.quote(partnerA);
      await system.accept(partnerA, acceptance(quote.quote_id, { bank_code: '1007' })).expect(200);
      const other = await system.quote(partnerA);
      const response = await system
        .accept(partnerA, acceptance(other.quote_id, { destination_address: 'x' }))
        .expect(400);
      expect(response.body).toEqual(
        refusal('invalid_request', 'property destination_address should not exist'),
      );
    });

    it("takes the PIX key from a BR Code whose amount is the quote's", async () => {
      const quote = await system.quote(partnerA, SOLANA_PIX);
      const userId = newUser();
      const accepted = await system
        .accept(partnerA, { quote_id: quote.quote_id, user_id: userId, qr_code: brCode(100) })
        .expect(200);
      const list = await system.http
        .get('/transactions/list')
        .query({ externalUserId: userId })
        .set('X-API-Key', partnerA.apiKey)
        .expect(200);
      expect(list.body.transactions).toEqual([
        expect.objectContaining({ id: accepted.body.id, accountNumber: 'fulano@example.com' }),
      ]);
    });

    it('accepts a BR Code without an amount beside a PIX key', async () => {
      const quote = await system.quote(partnerA, SOLANA_PIX);
      await system
        .accept(partnerA, acceptance(quote.quote_id, { account_number: PIX_CPF, qr_code: brCode() }))
        .expect(200);
    });

    describe('refuses', () => {
      let quoteId: string;
      let pixQuoteId: string;
      beforeAll(async () => {
        quoteId = (await system.quote(partnerA)).quote_id;
        pixQuoteId = (await system.quote(partnerA, SOLANA_PIX)).quote_id;
      });

      it('a body nested thousands of levels deep, with invalid_request', async () => {
        const response = await system.http
          .post('/transaction')
          .set('X-API-Key', partnerA.apiKey)
          .set('Content-Type', 'application/json')
          .send(`{"quote_id":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`)
          .expect(400);
        expect(response.body).toEqual(
          refusal('invalid_request', 'Request body is nested too deeply (at most 32 levels)'),
        );
      });

      it('neither account_number nor qr_code for a quote that does not exist, with invalid_request', async () => {
        const response = await system
          .accept(partnerA, acceptance(UNKNOWN_ID, { account_number: undefined }))
          .expect(400);
        expect(response.body).toEqual(refusal('invalid_request', 'account_number or qr_code is required'));
      });

      it.each([
        ['no quote_id', { quote_id: undefined }, 'quote_id is required'],
        ['a quote_id that is not a UUID', { quote_id: 'q-1' }, 'quote_id must be a UUID'],
        ['no user_id', { user_id: undefined }, 'user_id is required'],
        ['an empty user_id', { user_id: '  ' }, 'user_id must not be empty'],
        ['a user_id of the wrong type', { user_id: 42 }, 'user_id must be a string'],
        [
          'neither account_number nor qr_code',
          { account_number: undefined },
          'account_number or qr_code is required',
        ],
        [
          'empty account_number and qr_code',
          { account_number: ' ', qr_code: '' },
          'account_number or qr_code is required',
        ],
        [
          'an account_number that is no Bre-B key',
          { account_number: 'not a key' },
          'Not a Bre-B key: expected a document number, a +57 mobile number, an e-mail address or an @ code',
        ],
        ['a qr_code for a Bre-B payout', { qr_code: brCode() }, 'qr_code applies to PIX payouts only'],
        [
          'a redirectUrl that is not a URL',
          { redirectUrl: 'somewhere' },
          'redirectUrl must be a URL address',
        ],
      ])('%s with invalid_request', async (_case, overrides, reason) => {
        const response = await system.accept(partnerA, acceptance(quoteId, overrides)).expect(400);
        expect(response.body).toEqual(refusal('invalid_request', reason));
      });

      it.each([
        [
          'a PIX key with wrong check digits',
          { account_number: '529.982.247-26' },
          'The CPF check digits do not match (a phone key must start with +55)',
        ],
        [
          'a BR Code with a wrong checksum',
          { qr_code: `${brCode(100).slice(0, -4)}0000` },
          'The QR code checksum (CRC16) is invalid',
        ],
        [
          'a BR Code for another amount',
          { qr_code: brCode(99.99) },
          "The QR code amount 99.99 does not match the quote's 100.00 BRL",
        ],
        ['a payload that is no BR Code', { qr_code: 'hello' }, 'The QR code could not be parsed'],
      ])('%s on a PIX quote with invalid_request', async (_case, overrides, reason) => {
        const response = await system
          .accept(partnerA, { quote_id: pixQuoteId, user_id: newUser(), ...overrides })
          .expect(400);
        expect(response.body).toEqual(refusal('invalid_request', reason));
      });

      it("an unknown quote and another partner's quote alike with quote_not_found", async () => {
        expect((await system.accept(partnerA, acceptance(UNKNOWN_ID)).expect(404)).body).toEqual(
          refusal('quote_not_found', 'Quote not found'),
        );
        expect((await system.accept(partnerB, acceptance(quoteId)).expect(404)).body).toEqual(
          refusal('quote_not_found', 'Quote not found'),
        );
      });

      it("another partner's quote even once accepted", async () => {
        const quote = await system.quote(partnerA);
        await system.accept(partnerA, acceptance(quote.quote_id)).expect(200);
        expect((await system.accept(partnerB, acceptance(quote.quote_id)).expect(404)).body).toEqual(
          refusal('quote_not_found', 'Quote not found'),
        );
      });

      it('an expired quote with quote_expired', async () => {
        const quote = await system.quote(partnerA);
        const expiredAt = new Date(Date.now() - 1_000);
        await system.sql('UPDATE "quote"."quote" SET "expires_at" = $2 WHERE "id" = $1', [
          quote.quote_id,
          expiredAt,
        ]);
        const response = await system.accept(partnerA, acceptance(quote.quote_id)).expect(400);
        expect(response.body).toEqual(
          refusal('quote_expired', `The quote expired at ${expiredAt.toISOString()}; request a new quote`),
        );
      });

      it('a quote whose route was taken out of service with corridor_unavailable', async () => {
        const quote = await system.quote(partnerA, SOLANA_PIX);
        const route = {
          cryptoCurrency: 'USDC',
          blockchain: 'SOLANA',
          paymentMethod: 'PIX',
          targetCurrency: 'BRL',
        };
        const marked = await system
          .ops()
          .post('/ops/corridors/unsupported')
          .send({ ...route, reason: 'Rail down' })
          .expect(201);
        try {
          const response = await system
            .accept(partnerA, acceptance(quote.quote_id, { account_number: PIX_CPF }))
            .expect(400);
          expect(response.body).toEqual(
            refusal('corridor_unavailable', 'USDC on SOLANA to BRL via PIX is not available'),
          );
        } finally {
          await system.ops().delete(`/ops/corridors/unsupported/${marked.body.id}`).expect(204);
        }
      });

      it('an onramp quote with invalid_request', async () => {
        const onramp = await system.http
          .post('/quote/onramp')
          .set('X-API-Key', partnerA.apiKey)
          .send({
            fiat_amount: 500,
            crypto_currency: 'USDC',
            network: 'SOLANA',
            payment_method: 'PIX',
            target_currency: 'BRL',
          })
          .expect(200);
        const response = await system
          .accept(partnerA, acceptance(onramp.body.quote_id, { account_number: PIX_CPF }))
          .expect(400);
        expect(response.body).toEqual(
          refusal('invalid_request', 'An onramp quote cannot be accepted as a payout transaction'),
        );
      });

      it('a caller without credentials with authentication_failed', async () => {
        const response = await system.http.post('/transaction').send(acceptance(quoteId)).expect(401);
        expect(response.body).toEqual({
          message: 'Missing or invalid credentials',
          ...refusal('authentication_failed', 'Missing or invalid credentials'),
        });
      });
    });
  });

  describe('GET /transaction/{id}', () => {
    it("answers the status view of its own partner's transaction", async () => {
      const quote = await system.quote(partnerA);
      const body = acceptance(quote.quote_id);
      const { id, transaction_reference } = (await system.accept(partnerA, body).expect(200)).body;
      const response = await system.http
        .get(`/transaction/${id}`)
        .set('X-API-Key', partnerA.apiKey)
        .expect(200);
      expect(response.body).toEqual({
        id,
        status: 'AWAITING_PAYMENT',
        transaction_reference,
        on_chain_tx_hash: null,
        kycRequired: false,
        user_id: body.user_id,
      });
    });

    it.each([
      ['an unknown id', () => UNKNOWN_ID],
      ['a malformed id', () => 'not-a-uuid'],
    ])('answers transaction_not_found for %s', async (_case, id) => {
      const response = await system.http
        .get(`/transaction/${id()}`)
        .set('X-API-Key', partnerA.apiKey)
        .expect(404);
      expect(response.body).toEqual(refusal('transaction_not_found', 'Transaction not found'));
    });
  });

  describe('GET /transactions/list', () => {
    const list = (partner: Partner, query: Record<string, string | number>) =>
      system.http.get('/transactions/list').query(query).set('X-API-Key', partner.apiKey);

    it("pages one user's transactions, newest first, without routing fields", async () => {
      const userId = newUser();
      const ids: string[] = [];
      for (const route of [STELLAR_BREB, SOLANA_PIX, STELLAR_BREB]) {
        const quote = await system.quote(partnerA, route);
        const account = route === SOLANA_PIX ? PIX_CPF : BREB_MOBILE;
        const accepted = await system
          .accept(partnerA, { quote_id: quote.quote_id, user_id: userId, account_number: account })
          .expect(200);
        ids.push(accepted.body.id);
      }

      const first = (await list(partnerA, { externalUserId: userId, pageSize: 2 }).expect(200)).body;
      expect(first).toEqual({
        page: 1,
        pageSize: 2,
        total: 3,
        transactions: [
          {
            id: ids[2],
            status: 'AWAITING_PAYMENT',
            accountNumber: '+573001234567',
            onChainId: null,
            quote: {
              id: expect.any(String),
              cryptoCurrency: 'USDC',
              network: 'STELLAR',
              paymentMethod: 'BREB',
              sourceAmount: 101.02,
              targetAmount: 400000,
              targetCurrency: 'COP',
            },
          },
          {
            id: ids[1],
            status: 'AWAITING_PAYMENT',
            accountNumber: '52998224725',
            onChainId: null,
            quote: {
              id: expect.any(String),
              cryptoCurrency: 'USDC',
              network: 'SOLANA',
              paymentMethod: 'PIX',
              sourceAmount: 18.43,
              targetAmount: 100,
              targetCurrency: 'BRL',
            },
          },
        ],
      });
      const second = (await list(partnerA, { externalUserId: userId, pageSize: 2, page: 2 }).expect(200))
        .body;
      expect(second.transactions.map((item: { id: string }) => item.id)).toEqual([ids[0]]);
      expect(JSON.stringify([first, second])).not.toMatch(/bankCode|origin/);
    });

    it('defaults to page 1 of 20 and answers an empty page for a user without transactions', async () => {
      expect((await list(partnerA, { externalUserId: 'nobody' }).expect(200)).body).toEqual({
        page: 1,
        pageSize: 20,
        total: 0,
        transactions: [],
      });
    });

    it.each([
      [{}, 'externalUserId is required'],
      [{ externalUserId: 'u', page: 0 }, 'page must be an integer from 1 to 999999999'],
      [{ externalUserId: 'u', page: 'two' }, 'page must be an integer from 1 to 999999999'],
      [{ externalUserId: 'u', page: 1.5 }, 'page must be an integer from 1 to 999999999'],
      [{ externalUserId: 'u', page: '1e20' }, 'page must be an integer from 1 to 999999999'],
      [{ externalUserId: 'u', page: 1_000_000_000 }, 'page must be an integer from 1 to 999999999'],
      [{ externalUserId: 'u', pageSize: 0 }, 'pageSize must be an integer from 1 to 100'],
      [{ externalUserId: 'u', pageSize: 101 }, 'pageSize must be an integer from 1 to 100'],
      [{ externalUserId: 'u', sort: 'id' }, 'property sort should not exist'],
    ])('answers invalid_request for %j', async (query, reason) => {
      expect((await list(partnerA, query).expect(400)).body).toEqual(refusal('invalid_request', reason));
    });
  });

  // Every route that takes an id, asked by the other partner: each answers as if nothing existed.
  describe('another partner', () => {
    it("never sees or touches partner A's transactions", async () => {
      const quote = await system.quote(partnerA);
      const body = acceptance(quote.quote_id);
      const { id } = (await system.accept(partnerA, body).expect(200)).body;

      expect(
        (await system.http.get(`/transaction/${id}`).set('X-API-Key', partnerB.apiKey).expect(404)).body,
      ).toEqual(refusal('transaction_not_found', 'Transaction not found'));
      const listed = await system.http
        .get('/transactions/list')
        .query({ externalUserId: body.user_id })
        .set('X-API-Key', partnerB.apiKey)
        .expect(200);
      expect(listed.body).toEqual({ page: 1, pageSize: 20, total: 0, transactions: [] });
      expect((await system.accept(partnerB, { ...body, user_id: 'b-user' }).expect(404)).body).toEqual(
        refusal('quote_not_found', 'Quote not found'),
      );
      await system.http.get(`/transaction/${id}`).set('X-API-Key', partnerA.apiKey).expect(200);
    });
  });

  // The gateway turns a wallet's Bearer token into a partner identity carrying the wallet; the
  // service is called with that identity directly.
  describe('Bearer (wallet) callers', () => {
    const direct = () => request(system.transactionService.url);

    it('accept, read and list only as themselves', async () => {
      const token = await system.walletToken(partnerA, WALLET);
      const quote = await system.quote(partnerA);

      const refused = await direct()
        .post('/transaction')
        .set('x-internal-identity', token)
        .send({ quote_id: quote.quote_id, user_id: 'someone-else', account_number: BREB_MOBILE })
        .expect(400);
      expect(refused.body).toEqual(
        refusal('invalid_request', 'user_id must be the wallet user the Bearer token was issued to'),
      );

      const own = await direct()
        .post('/transaction')
        .set('x-internal-identity', token)
        .send({ quote_id: quote.quote_id, user_id: WALLET, account_number: BREB_MOBILE })
        .expect(200);
      await direct().get(`/transaction/${own.body.id}`).set('x-internal-identity', token).expect(200);
      const ownList = await direct()
        .get('/transactions/list')
        .query({ externalUserId: WALLET })
        .set('x-internal-identity', token)
        .expect(200);
      expect(ownList.body.transactions.map((item: { id: string }) => item.id)).toEqual([own.body.id]);

      const othersQuote = await system.quote(partnerA);
      const others = (await system.accept(partnerA, acceptance(othersQuote.quote_id)).expect(200)).body;
      await direct().get(`/transaction/${others.id}`).set('x-internal-identity', token).expect(404);
      const othersList = await direct()
        .get('/transactions/list')
        .query({ externalUserId: 'user-1' })
        .set('x-internal-identity', token)
        .expect(200);
      expect(othersList.body.total).toBe(0);
      const reaccepted = await direct()
        .post('/transaction')
        .set('x-internal-identity', token)
        .send({ quote_id: othersQuote.quote_id, user_id: WALLET, account_number: BREB_MOBILE })
        .expect(404);
      expect(reaccepted.body).toEqual(refusal('quote_not_found', 'Quote not found'));
    });

    it('sign in through the gateway and then act with their Bearer token alone', async () => {
      const wallet = await system.signInWallet(partnerA);
      const bearer = { Authorization: `Bearer ${wallet.token}` };
      const quote = await system.quote(partnerA);

      const accepted = await system.http
        .post('/transaction')
        .set(bearer)
        .send({ quote_id: quote.quote_id, user_id: wallet.address, account_number: BREB_MOBILE })
        .expect(200);
      const status = await system.http.get(`/transaction/${accepted.body.id}`).set(bearer).expect(200);
      expect(status.body).toMatchObject({ id: accepted.body.id, user_id: wallet.address });
      const listed = await system.http
        .get('/transactions/list')
        .query({ externalUserId: wallet.address })
        .set(bearer)
        .expect(200);
      expect(listed.body.transactions.map((item: { id: string }) => item.id)).toEqual([accepted.body.id]);

      const other = await system.quote(partnerA);
      const refused = await system.http
        .post('/transaction')
        .set(bearer)
        .send({ quote_id: other.quote_id, user_id: 'user-1', account_number: BREB_MOBILE })
        .expect(400);
      expect(refused.body).toEqual(
        refusal('invalid_request', 'user_id must be the wallet user the Bearer token was issued to'),
      );
      await system.http.get(`/transaction/${accepted.body.id}`).set('X-API-Key', partnerB.apiKey).expect(404);
    });

    it('speak for nobody when the token carries no wallet user', async () => {
      const token = await system.walletToken(partnerA, null);
      const quote = await system.quote(partnerA);
      await direct()
        .post('/transaction')
        .set('x-internal-identity', token)
        .send({ quote_id: quote.quote_id, user_id: WALLET, account_number: BREB_MOBILE })
        .expect(400);
      const listed = await direct()
        .get('/transactions/list')
        .query({ externalUserId: WALLET })
        .set('x-internal-identity', token)
        .expect(200);
      expect(listed.body.total).toBe(0);
    });
  });

  describe('state changes', () => {
    const transition = () => system.transactionService.app.get(TransitionTransactionUseCase);

    it('moves along the table once per cause, journaled and announced with the next sequence', async () => {
      const quote = await system.quote(partnerA);
      const { id } = (await system.accept(partnerA, acceptance(quote.quote_id)).expect(200)).body;
      const command = {
        transactionId: id,
        to: TransactionStatus.PROCESSING_PAYMENT,
        idempotencyKey: 'deposit:STELLAR:abc123',
        onChainTxHash: 'abc123',
      };

      expect((await transition().execute(command)).applied).toBe(true);
      expect((await transition().execute(command)).applied).toBe(false);
      const status = await system.http
        .get(`/transaction/${id}`)
        .set('X-API-Key', partnerA.apiKey)
        .expect(200);
      expect(status.body).toMatchObject({ status: 'PROCESSING_PAYMENT', on_chain_tx_hash: 'abc123' });
      await expectEventually(() =>
        expect(
          system.events
            .filter((event) => event.key === id)
            .map(({ payload }) => [payload.sequence, payload.change, payload.previousStatus, payload.status]),
        ).toEqual([
          [1, 'CREATED', null, 'AWAITING_PAYMENT'],
          [2, 'STATUS', 'AWAITING_PAYMENT', 'PROCESSING_PAYMENT'],
        ]),
      );

      await expect(
        transition().execute({
          transactionId: id,
          to: TransactionStatus.PAYMENT_EXPIRED,
          idempotencyKey: `expire:${id}`,
        }),
      ).rejects.toThrow('A transaction cannot move from PROCESSING_PAYMENT to PAYMENT_EXPIRED');
      const ops = await system.ops().get(`/ops/transactions/${id}`).expect(200);
      expect(ops.body.journal).toEqual([
        expect.objectContaining({
          sequence: 1,
          change: 'CREATED',
          idempotencyKey: `create:${quote.quote_id}`,
        }),
        expect.objectContaining({ sequence: 2, change: 'STATUS', idempotencyKey: 'deposit:STELLAR:abc123' }),
      ]);
    });
  });
});
