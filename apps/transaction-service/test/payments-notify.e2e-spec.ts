import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectEventually } from '@platform/test-support';
import type { DepositDetectedV1, RefundRequestedV1, RefundSettledV1 } from '@shared/contracts';
import { FakeChainWatchers } from './fake-chain-watchers.js';
import { fakeTransferId, openTransaction, type OpenedTransaction } from './funded-transactions.js';
import {
  CELO_PIX,
  SOLANA_PIX,
  STELLAR_BREB,
  TransactionSystem,
  refusal,
  type Partner,
  type QuoteRequest,
} from './transaction-system.js';

type Opened = OpenedTransaction;

// Funding by notify (Solana, Celo, verified by a stand-in for chain-watchers) and by the deposit
// stream (Stellar, memo-matched), through the gateway.
describe('funding: POST /payments/notify and chain.deposit.detected.v1', () => {
  const system = new TransactionSystem();
  const chain = new FakeChainWatchers();
  const refunds: RefundRequestedV1[] = [];
  let partnerA: Partner;
  let partnerB: Partner;

  beforeAll(async () => {
    const chainUrl = await chain.start();
    await system.start({ CHAIN_WATCHERS_URL: chainUrl, EXPIRY_SWEEP_MS: '100', EXPIRY_GRACE_MS: '0' });
    await system.bus.subscribe({
      groupId: 'funding-test',
      topics: ['chain.refund.requested.v1'],
      handle: async (event) => void refunds.push(event.payload as RefundRequestedV1),
    });
    partnerA = await system.createPartner('Funding A');
    partnerB = await system.createPartner('Funding B');
  });

  afterAll(async () => {
    await system.stop();
    await chain.stop();
  });

  const open = (partner: Partner, route: QuoteRequest) => openTransaction(system, partner, route);

  const notify = (partner: Partner, body: object, path = '/payments/notify') =>
    system.http.post(path).set('X-API-Key', partner.apiKey).send(body);
  const bodyOf = (opened: Opened, fact = opened.fact) => ({
    blockchain: fact.blockchain,
    on_chain_tx: fact.onChainTx,
    transaction_id: opened.id,
  });
  const found = (...transfers: DepositDetectedV1[]) => ({ status: 'found' as const, transfers });
  const statusOf = async (partner: Partner, id: string) =>
    (await system.http.get(`/transaction/${id}`).set('X-API-Key', partner.apiKey).expect(200)).body;
  const journalOf = async (id: string) =>
    (await system.ops().get(`/ops/transactions/${id}`).expect(200)).body.journal;
  const deliver = (topic: string, payload: object, key: string, id: string = randomUUID()) =>
    system.bus.publish([
      { id, topic, key, payload, occurredAt: new Date().toISOString(), correlationId: id },
    ]);

  describe('refusals', () => {
    let opened: Opened;
    beforeAll(async () => {
      opened = await open(partnerA, SOLANA_PIX);
    });

    const signature = fakeTransferId('SOLANA');
    it.each([
      [{}, 'blockchain is required'],
      [{ on_chain_tx: signature, transaction_id: randomUUID() }, 'blockchain is required'],
      [
        { blockchain: 'STELLAR', on_chain_tx: signature, transaction_id: randomUUID() },
        'blockchain must be SOLANA or CELO; Stellar deposits are detected automatically',
      ],
      [{ blockchain: 'SOLANA', transaction_id: randomUUID() }, 'on_chain_tx is required'],
      [
        { blockchain: 'SOLANA', on_chain_tx: '', transaction_id: randomUUID() },
        'on_chain_tx must not be empty',
      ],
      [
        { blockchain: 'CELO', on_chain_tx: 'nothex', transaction_id: randomUUID() },
        'on_chain_tx must be a Celo transaction hash (0x and 64 hex digits) or a Solana signature (base58)',
      ],
      [
        { blockchain: 'SOLANA', on_chain_tx: signature, transaction_id: 'nope' },
        'transaction_id must be a UUID',
      ],
      [{ blockchain: 'SOLANA', on_chain_tx: signature }, 'transaction_id is required'],
    ])('answers 400 invalid_request for %j', async (body, reason) => {
      const response = await notify(partnerA, body).expect(400);
      expect(response.body).toEqual(refusal('invalid_request', reason));
    });

    it('answers 400 invalid_request for a body nested thousands of levels deep', async () => {
      const response = await system.http
        .post('/payments/notify')
        .set('X-API-Key', partnerA.apiKey)
        .set('Content-Type', 'application/json')
        .send(`{"blockchain":${'['.repeat(5000)}${']'.repeat(5000)}}`)
        .expect(400);
      expect(response.body).toEqual(
        refusal('invalid_request', 'Request body is nested too deeply (at most 32 levels)'),
      );
    });

    it('answers 400 invalid_request for a transfer id of the other chain, without asking the chain', async () => {
      const asked = chain.requests.length;
      const response = await notify(partnerA, {
        ...bodyOf(opened),
        on_chain_tx: fakeTransferId('CELO'),
      }).expect(400);
      expect(response.body).toEqual(
        refusal(
          'invalid_request',
          'on_chain_tx must be a Solana transaction signature (base58, 64 to 88 characters)',
        ),
      );
      expect(chain.requests).toHaveLength(asked);
    });

    it("answers 404 for another partner's transaction, without asking the chain", async () => {
      const asked = chain.requests.length;
      const response = await notify(partnerB, bodyOf(opened)).expect(404);
      expect(response.body).toEqual(refusal('transaction_not_found', 'Transaction not found'));
      expect(chain.requests).toHaveLength(asked);
    });

    it('answers 400 when the blockchain is not the transaction’s', async () => {
      const response = await notify(partnerA, { ...bodyOf(opened), blockchain: 'CELO' }).expect(400);
      expect(response.body).toEqual(
        refusal('invalid_request', `Transaction ${opened.id} is paid on SOLANA, not CELO`),
      );
    });

    it('answers 404 transfer_not_found (retryable) while the chain does not know the transfer', async () => {
      const response = await notify(partnerA, bodyOf(opened)).expect(404);
      expect(response.body).toEqual(
        refusal(
          'transfer_not_found',
          'The transfer was not found on chain; retry once it is confirmed',
          true,
        ),
      );
      expect(chain.requests.at(-1)!.body).toEqual({
        blockchain: 'SOLANA',
        onChainTx: opened.fact.onChainTx,
        transactionId: opened.id,
      });
      expect(chain.requests.at(-1)!.identity).toEqual(expect.any(String));
    });

    it.each([
      ['failed', 'The transaction failed on chain'],
      ['no_deposit', 'The transaction moved no USDC or USDT into a deposit address'],
    ] as const)('answers 400 transfer_rejected for an %s transaction', async (reason, text) => {
      const onChainTx = fakeTransferId('SOLANA');
      chain.answer(onChainTx, { status: 'invalid', reason });
      const response = await notify(partnerA, { ...bodyOf(opened), on_chain_tx: onChainTx }).expect(400);
      expect(response.body).toEqual(refusal('transfer_rejected', text));
    });

    it('answers 400 transfer_rejected for a transfer to another address, of another mint, or older', async () => {
      const cases: Array<[Partial<DepositDetectedV1>, string]> = [
        [
          { depositAddress: 'SomeoneElse111' },
          `The transfer went to SomeoneElse111, not to this transaction's deposit address ${opened.fact.depositAddress}`,
        ],
        [
          { asset: 'OtherMint111' },
          `The transfer moved USDC (OtherMint111); this transaction expects USDC (${opened.fact.asset})`,
        ],
        [
          { confirmedAt: '2026-01-01T00:00:00.000Z' },
          'The transfer was confirmed at 2026-01-01T00:00:00.000Z, before this transaction existed',
        ],
      ];
      for (const [change, reason] of cases) {
        const fact = { ...opened.fact, ...change, onChainTx: fakeTransferId(opened.fact.blockchain) };
        chain.answer(fact.onChainTx, found(fact));
        const response = await notify(partnerA, bodyOf(opened, fact)).expect(400);
        expect(response.body).toEqual(refusal('transfer_rejected', reason));
      }
      expect((await statusOf(partnerA, opened.id)).status).toBe('AWAITING_PAYMENT');
    });
  });

  describe('funding by notify', () => {
    it('moves an exactly paid Solana transaction to PROCESSING_PAYMENT, once however often notified', async () => {
      const opened = await open(partnerA, SOLANA_PIX);
      chain.answer(opened.fact.onChainTx, found(opened.fact));
      for (let i = 0; i < 3; i += 1) {
        expect((await notify(partnerA, bodyOf(opened)).expect(202)).body).toEqual({ enqueued: true });
      }
      expect(await statusOf(partnerA, opened.id)).toEqual(
        expect.objectContaining({ status: 'PROCESSING_PAYMENT', on_chain_tx_hash: opened.fact.onChainTx }),
      );
      const journal = await journalOf(opened.id);
      expect(journal.map((entry: { idempotencyKey: string }) => entry.idempotencyKey)).toEqual([
        expect.stringMatching(/^create:/),
        `deposit:SOLANA:${opened.fact.onChainTx}:0`,
      ]);
      expect(refunds.filter(({ transactionId }) => transactionId === opened.id)).toEqual([]);
    });

    it('takes the legacy Celo and Solana routes with the blockchain implied', async () => {
      const celo = await open(partnerA, CELO_PIX);
      chain.answer(celo.fact.onChainTx, found(celo.fact));
      const { blockchain: _celo, ...celoBody } = bodyOf(celo);
      await notify(partnerA, celoBody, '/celo/payments/notify').expect(202);
      const solana = await open(partnerA, SOLANA_PIX);
      chain.answer(solana.fact.onChainTx, found(solana.fact));
      const { blockchain: _solana, ...solanaBody } = bodyOf(solana);
      await notify(partnerA, solanaBody, '/solana/payments/notify').expect(202);
      expect((await statusOf(partnerA, celo.id)).status).toBe('PROCESSING_PAYMENT');
      expect((await statusOf(partnerA, solana.id)).status).toBe('PROCESSING_PAYMENT');
    });

    // Two transactions accepted on the chain's one shared address, before every Solana and Celo
    // transaction had its own: only the database's uniqueness tells them apart.
    const sharingAddress = async (first: OpenedTransaction, second: OpenedTransaction) =>
      system.sql('UPDATE "transaction"."transaction" SET deposit_address = $1 WHERE id = $2', [
        first.fact.depositAddress,
        second.id,
      ]);

    it('lets one transfer fund one transaction: the same transfer notified for two at once, one wins', async () => {
      const first = await open(partnerA, SOLANA_PIX);
      const second = await open(partnerA, SOLANA_PIX);
      await sharingAddress(first, second);
      chain.answer(first.fact.onChainTx, found(first.fact));
      const responses = await Promise.all([
        notify(partnerA, bodyOf(first)),
        notify(partnerA, { ...bodyOf(second), on_chain_tx: first.fact.onChainTx }),
      ]);
      const statuses = responses.map(({ status }) => status).sort();
      expect(statuses).toEqual([202, 400]);
      const loser = responses.find(({ status }) => status === 400)!;
      expect(loser.body).toEqual(
        refusal('transfer_rejected', 'The transfer already funds another transaction'),
      );
      const funded = [await statusOf(partnerA, first.id), await statusOf(partnerA, second.id)].map(
        ({ status }) => status,
      );
      expect(funded.sort()).toEqual(['AWAITING_PAYMENT', 'PROCESSING_PAYMENT']);
      const rows = await system.sql(
        'SELECT transaction_id FROM "transaction"."deposit" WHERE on_chain_tx = $1',
        [first.fact.onChainTx],
      );
      expect(rows).toHaveLength(1);
    });

    it('refuses a transfer that already funded another transaction on the same shared address', async () => {
      const first = await open(partnerA, SOLANA_PIX);
      const second = await open(partnerA, SOLANA_PIX);
      await sharingAddress(first, second);
      chain.answer(first.fact.onChainTx, found(first.fact));
      await notify(partnerA, bodyOf(first)).expect(202);
      const response = await notify(partnerA, {
        ...bodyOf(second),
        on_chain_tx: first.fact.onChainTx,
      }).expect(400);
      expect(response.body).toEqual(
        refusal('transfer_rejected', 'The transfer already funds another transaction'),
      );
    });

    it.each([
      ['SOLANA', SOLANA_PIX],
      ['CELO', CELO_PIX],
    ] as const)(
      "refuses a %s transfer to another transaction's own address, before and after it funded that one",
      async (_chain, route) => {
        const paid = await open(partnerA, route);
        const claimant = await open(partnerA, route);
        chain.answer(paid.fact.onChainTx, found(paid.fact));
        const claim = { ...bodyOf(claimant), on_chain_tx: paid.fact.onChainTx };
        const refused = refusal(
          'transfer_rejected',
          `The transfer went to ${paid.fact.depositAddress}, not to this transaction's deposit address ${claimant.fact.depositAddress}`,
        );
        expect((await notify(partnerA, claim).expect(400)).body).toEqual(refused);
        await notify(partnerA, bodyOf(paid)).expect(202);
        expect((await notify(partnerA, claim).expect(400)).body).toEqual(refused);
        expect((await statusOf(partnerA, claimant.id)).status).toBe('AWAITING_PAYMENT');
        expect((await statusOf(partnerA, paid.id)).status).toBe('PROCESSING_PAYMENT');
      },
    );

    it('moves an underpaid transaction to WRONG_AMOUNT and refunds the whole transfer once', async () => {
      const opened = await open(partnerA, SOLANA_PIX);
      const fact = { ...opened.fact, amount: '1.5' };
      chain.answer(fact.onChainTx, found(fact));
      await notify(partnerA, bodyOf(opened, fact)).expect(202);
      await notify(partnerA, bodyOf(opened, fact)).expect(202);
      expect((await statusOf(partnerA, opened.id)).status).toBe('WRONG_AMOUNT');
      await expectEventually(async () =>
        expect(refunds.filter(({ transactionId }) => transactionId === opened.id)).toEqual([
          {
            refundId: expect.any(String),
            transactionId: opened.id,
            blockchain: 'SOLANA',
            cryptoCurrency: 'USDC',
            destination: 'SenderWallet111',
            amount: '1.5',
            reason: 'WRONG_AMOUNT',
            // The deposit it gives back: chain-watchers refunds only deposits it recorded.
            depositOnChainTx: fact.onChainTx,
            depositTransferIndex: fact.transferIndex,
          },
        ]),
      );
    });

    it('funds an overpaid transaction and refunds the excess', async () => {
      const opened = await open(partnerA, CELO_PIX);
      const fact = { ...opened.fact, amount: '1000' };
      chain.answer(fact.onChainTx, found(fact));
      await notify(partnerA, bodyOf(opened, fact)).expect(202);
      expect((await statusOf(partnerA, opened.id)).status).toBe('PROCESSING_PAYMENT');
      await expectEventually(async () => {
        const [refund] = refunds.filter(({ transactionId }) => transactionId === opened.id);
        expect(refund).toEqual(expect.objectContaining({ reason: 'EXCESS', cryptoCurrency: 'USDT' }));
        expect(Number(refund!.amount) + Number(opened.fact.amount)).toBeCloseTo(1000, 6);
      });
    });

    it('expires a transaction paid after its quote expired and refunds the transfer', async () => {
      const opened = await open(partnerA, SOLANA_PIX);
      const fact = { ...opened.fact, confirmedAt: new Date(Date.now() + 2 * 3_600_000).toISOString() };
      chain.answer(fact.onChainTx, found(fact));
      await notify(partnerA, bodyOf(opened, fact)).expect(202);
      expect((await statusOf(partnerA, opened.id)).status).toBe('PAYMENT_EXPIRED');
      await expectEventually(async () =>
        expect(refunds.filter(({ transactionId }) => transactionId === opened.id)).toEqual([
          expect.objectContaining({ reason: 'EXPIRED', amount: opened.fact.amount }),
        ]),
      );
    });
  });

  describe('expiry', () => {
    it('expires an unpaid transaction once its quote is over, then refunds a late transfer', async () => {
      const opened = await open(partnerA, SOLANA_PIX);
      await system.sql(
        `UPDATE "transaction"."transaction" SET quote_expires_at = now() - interval '1 minute' WHERE id = $1`,
        [opened.id],
      );
      await expectEventually(async () =>
        expect((await statusOf(partnerA, opened.id)).status).toBe('PAYMENT_EXPIRED'),
      );
      const keys = (await journalOf(opened.id)).map(
        (entry: { idempotencyKey: string }) => entry.idempotencyKey,
      );
      expect(keys).toEqual([expect.stringMatching(/^create:/), `expire:${opened.id}`]);

      chain.answer(opened.fact.onChainTx, found(opened.fact));
      await notify(partnerA, bodyOf(opened)).expect(202);
      expect((await statusOf(partnerA, opened.id)).status).toBe('PAYMENT_EXPIRED');
      await expectEventually(async () =>
        expect(refunds.filter(({ transactionId }) => transactionId === opened.id)).toEqual([
          expect.objectContaining({ reason: 'EXPIRED', amount: opened.fact.amount }),
        ]),
      );
    });
  });

  describe('funding by the Stellar stream', () => {
    it('matches a deposit by memo and applies a redelivered or re-detected transfer once', async () => {
      const opened = await open(partnerA, STELLAR_BREB);
      const eventId = randomUUID();
      await deliver('chain.deposit.detected.v1', opened.fact, opened.fact.onChainTx, eventId);
      await deliver('chain.deposit.detected.v1', opened.fact, opened.fact.onChainTx, eventId);
      await deliver('chain.deposit.detected.v1', opened.fact, opened.fact.onChainTx);
      await expectEventually(async () =>
        expect((await statusOf(partnerA, opened.id)).status).toBe('PROCESSING_PAYMENT'),
      );
      await expectEventually(async () => {
        const keys = (await journalOf(opened.id)).map(
          (entry: { idempotencyKey: string }) => entry.idempotencyKey,
        );
        expect(keys).toEqual([
          expect.stringMatching(/^create:/),
          `deposit:STELLAR:${opened.fact.onChainTx}:0`,
        ]);
      });
    });

    it('records a deposit without a memo, or with an unknown one, for operations and moves nothing', async () => {
      const opened = await open(partnerA, STELLAR_BREB);
      const noMemo = { ...opened.fact, memo: null };
      const unknown = {
        ...opened.fact,
        onChainTx: fakeTransferId('STELLAR'),
        memo: 'AAAAAAAAAAAAAAAAAAAAAA==',
      };
      await deliver('chain.deposit.detected.v1', noMemo, noMemo.onChainTx);
      await deliver('chain.deposit.detected.v1', unknown, unknown.onChainTx);
      await expectEventually(async () => {
        const rows = await system.sql<{ outcome: string; note: string; transaction_id: string | null }>(
          'SELECT outcome, note, transaction_id FROM "transaction"."deposit" WHERE on_chain_tx = ANY($1) ORDER BY note',
          [[noMemo.onChainTx, unknown.onChainTx]],
        );
        expect(rows).toEqual([
          {
            outcome: 'UNMATCHED',
            note: 'The memo AAAAAAAAAAAAAAAAAAAAAA== matches no transaction',
            transaction_id: null,
          },
          { outcome: 'UNMATCHED', note: 'The transfer carries no memo', transaction_id: null },
        ]);
      });
      expect((await statusOf(partnerA, opened.id)).status).toBe('AWAITING_PAYMENT');
    });

    it('announces a refund with the status change that asks for it, and records its outcome on the refund alone', async () => {
      const opened = await open(partnerA, STELLAR_BREB);
      const fact = { ...opened.fact, amount: '0.5' };
      await deliver('chain.deposit.detected.v1', fact, fact.onChainTx);
      let refund: RefundRequestedV1 | undefined;
      await expectEventually(async () => {
        refund = refunds.find(({ transactionId }) => transactionId === opened.id);
        expect(refund).toBeDefined();
      });
      const settled: RefundSettledV1 = {
        refundId: refund!.refundId,
        transactionId: opened.id,
        blockchain: refund!.blockchain,
        status: 'SENT',
        onChainTx: 'refund-hash-1',
        reason: null,
        settledAt: new Date().toISOString(),
      };
      await deliver('chain.refund.settled.v1', settled, opened.id);
      await deliver('chain.refund.settled.v1', settled, opened.id);
      await expectEventually(async () => {
        const rows = await system.sql<{ status: string; on_chain_tx: string | null }>(
          'SELECT status, on_chain_tx FROM "transaction"."refund" WHERE transaction_id = $1',
          [opened.id],
        );
        expect(rows).toEqual([{ status: 'SENT', on_chain_tx: 'refund-hash-1' }]);
      });
      // One status change, one event: WRONG_AMOUNT carries the refund it asked for, and the
      // refund's own states move no status and announce nothing.
      const announced = system.events
        .map(({ payload }) => payload)
        .filter(({ transactionId }) => transactionId === opened.id);
      expect(
        announced.map(({ change, previousStatus, status, refund }) => [
          change,
          previousStatus,
          status,
          refund,
        ]),
      ).toEqual([
        ['CREATED', null, 'AWAITING_PAYMENT', null],
        [
          'STATUS',
          'AWAITING_PAYMENT',
          'WRONG_AMOUNT',
          { status: 'REQUESTED', amount: '0.5', onChainTx: null, reason: 'WRONG_AMOUNT' },
        ],
      ]);
    });
  });
});
