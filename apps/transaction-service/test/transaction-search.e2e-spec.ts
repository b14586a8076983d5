import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectEventually } from '@platform/test-support';
import { TransactionStatus } from '@shared/contracts';
import { openTransaction, fakeTransferId, type OpenedTransaction } from './funded-transactions.js';
import { SOLANA_PIX, STELLAR_BREB, TransactionSystem, refusal, type Partner } from './transaction-system.js';

// The web console's reads of one partner's transactions: GET /transactions (search) and
// GET /transaction/{id}/timeline.
describe("the web console's transaction reads", () => {
  const system = new TransactionSystem();
  let partnerA: Partner;
  let partnerB: Partner;
  let stellar: OpenedTransaction;
  let solana: OpenedTransaction;
  let stellarUser: string;
  const hash = fakeTransferId('STELLAR');

  const search = (partner: Partner, query: Record<string, string | number> = {}) =>
    system.http.get('/transactions').query(query).set('X-API-Key', partner.apiKey);
  const idsOf = async (partner: Partner, query: Record<string, string | number>) =>
    ((await search(partner, query).expect(200)).body.transactions as Array<{ id: string }>).map(
      ({ id }) => id,
    );

  beforeAll(async () => {
    await system.start();
    partnerA = await system.createPartner('Search A');
    partnerB = await system.createPartner('Search B');
    stellar = await openTransaction(system, partnerA, STELLAR_BREB);
    solana = await openTransaction(system, partnerA, SOLANA_PIX);
    // The funding transfer's hash, as a deposit would record it.
    const [row] = await system.sql<{ user_id: string }>(
      `UPDATE "transaction"."transaction" SET on_chain_tx_hash = $2, status = $3 WHERE id = $1 RETURNING user_id`,
      [stellar.id, hash, TransactionStatus.PAYMENT_COMPLETED],
    );
    stellarUser = row!.user_id;
  });

  afterAll(() => system.stop());

  it("GET /transactions lists the partner's transactions newest first, amounts as exact decimal strings", async () => {
    const body = (await search(partnerA).expect(200)).body;
    expect(body).toEqual({
      page: 1,
      pageSize: 20,
      total: 2,
      transactions: [
        {
          id: solana.id,
          status: 'AWAITING_PAYMENT',
          userId: expect.stringMatching(/^funded-user-/),
          transactionReference: solana.reference,
          onChainTxHash: null,
          blockchain: 'SOLANA',
          cryptoCurrency: 'USDC',
          paymentMethod: 'PIX',
          targetCurrency: 'BRL',
          sourceAmount: '18.43',
          targetAmount: '100',
          createdAt: expect.any(String),
          statusChangedAt: expect.any(String),
        },
        expect.objectContaining({ id: stellar.id, sourceAmount: '101.02', targetAmount: '400000' }),
      ],
    });
  });

  it.each([
    ['id', () => stellar.id],
    ['transaction reference', () => stellar.reference],
    ['on-chain hash', () => hash],
    ['external user', () => stellarUser],
  ])('finds a transaction by its %s', async (_, q) => {
    expect(await idsOf(partnerA, { q: q() })).toEqual([stellar.id]);
  });

  it('filters by status, chain, rail and creation date', async () => {
    expect(await idsOf(partnerA, { status: 'PAYMENT_COMPLETED' })).toEqual([stellar.id]);
    expect(await idsOf(partnerA, { blockchain: 'SOLANA' })).toEqual([solana.id]);
    expect(await idsOf(partnerA, { paymentMethod: 'BREB', blockchain: 'STELLAR' })).toEqual([stellar.id]);
    expect(await idsOf(partnerA, { paymentMethod: 'PIX', blockchain: 'STELLAR' })).toEqual([]);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    expect(await idsOf(partnerA, { from: hourAgo })).toHaveLength(2);
    expect(await idsOf(partnerA, { to: hourAgo })).toEqual([]);
  });

  it('pages', async () => {
    const second = (await search(partnerA, { pageSize: 1, page: 2 }).expect(200)).body;
    expect(second).toMatchObject({ page: 2, pageSize: 1, total: 2 });
    expect(second.transactions.map(({ id }: { id: string }) => id)).toEqual([stellar.id]);
  });

  it('GET /transactions/stats counts and sums them per day and corridor, and by status', async () => {
    const body = (await system.http.get('/transactions/stats').set('X-API-Key', partnerA.apiKey).expect(200))
      .body;
    const today = new Date().toISOString().slice(0, 10);
    expect(body.since).toBe(new Date(Date.parse(today) - 13 * 86_400_000).toISOString());
    expect(body.daily).toEqual([
      {
        day: today,
        cryptoCurrency: 'USDC',
        blockchain: 'SOLANA',
        paymentMethod: 'PIX',
        targetCurrency: 'BRL',
        count: 1,
        volume: '18.43',
      },
      expect.objectContaining({ blockchain: 'STELLAR', paymentMethod: 'BREB', count: 1, volume: '101.02' }),
    ]);
    expect(body.statuses).toEqual([
      { status: 'AWAITING_PAYMENT', count: 1 },
      { status: 'PAYMENT_COMPLETED', count: 1 },
    ]);
    const other = (await system.http.get('/transactions/stats').set('X-API-Key', partnerB.apiKey).expect(200))
      .body;
    expect([other.daily, other.statuses]).toEqual([[], []]);
    expect(
      (
        await system.http
          .get('/transactions/stats')
          .query({ days: 91 })
          .set('X-API-Key', partnerA.apiKey)
          .expect(400)
      ).body,
    ).toEqual(refusal('invalid_request', 'days must be an integer from 1 to 90'));
  });

  it("never shows another partner's transactions, whatever it searches", async () => {
    expect((await search(partnerB).expect(200)).body).toEqual({
      page: 1,
      pageSize: 20,
      total: 0,
      transactions: [],
    });
    expect(await idsOf(partnerB, { q: stellar.id })).toEqual([]);
    expect(await idsOf(partnerB, { q: hash })).toEqual([]);
  });

  it.each([
    [{ status: 'DONE' }, 'status must be one of ' + Object.values(TransactionStatus).join(', ')],
    [{ blockchain: 'BITCOIN' }, 'blockchain must be one of STELLAR, SOLANA, CELO'],
    [{ paymentMethod: 'SEPA' }, 'paymentMethod must be one of BREB, PIX'],
    [{ from: 'yesterday' }, 'from must be an ISO 8601 date'],
    [{ to: '2023-02-29T10:00:00Z' }, 'to must be an ISO 8601 date'],
    [{ q: '' }, 'q must not be empty'],
    [{ pageSize: 101 }, 'pageSize must be an integer from 1 to 100'],
  ])('answers invalid_request for %j', async (query, reason) => {
    expect((await search(partnerA, query).expect(400)).body).toEqual(refusal('invalid_request', reason));
  });

  it('takes any date the schema allows, years before 100 included', async () => {
    expect(await idsOf(partnerA, { to: '0070-04-21T18:58:53Z' })).toEqual([]);
    expect((await idsOf(partnerA, { from: '0070-04-21' })).length).toBeGreaterThan(0);
  });

  it('refuses a caller without credentials', async () => {
    await system.http.get('/transactions').expect(401);
    await system.http.get(`/transaction/${stellar.id}/timeline`).expect(401);
  });

  describe('GET /transaction/{id}/timeline', () => {
    const timeline = (partner: Partner, id: string) =>
      system.http.get(`/transaction/${id}/timeline`).set('X-API-Key', partner.apiKey);

    it('tells what happened to a funded transaction: journal, deposit and payout', async () => {
      const { fact } = solana;
      system.chainWatchers.answer(fact.onChainTx, { status: 'found', transfers: [fact] });
      await system.http
        .post('/payments/notify')
        .set('X-API-Key', partnerA.apiKey)
        .send({ blockchain: fact.blockchain, on_chain_tx: fact.onChainTx, transaction_id: solana.id })
        .expect(202);
      await expectEventually(async () =>
        expect((await timeline(partnerA, solana.id).expect(200)).body.payout).not.toBeNull(),
      );

      const body = (await timeline(partnerA, solana.id).expect(200)).body;
      expect(body.transaction).toMatchObject({
        id: solana.id,
        sourceAmount: '18.43',
        onChainTxHash: fact.onChainTx,
      });
      expect(body.journal.slice(0, 2)).toEqual([
        {
          sequence: 1,
          change: 'CREATED',
          fromStatus: null,
          toStatus: 'AWAITING_PAYMENT',
          occurredAt: expect.any(String),
        },
        {
          sequence: 2,
          change: 'STATUS',
          fromStatus: 'AWAITING_PAYMENT',
          toStatus: 'PROCESSING_PAYMENT',
          occurredAt: expect.any(String),
        },
      ]);
      expect(body.deposits).toEqual([
        {
          onChainTx: fact.onChainTx,
          amount: '18.43',
          sender: fact.sender,
          outcome: 'FUNDED',
          confirmedAt: expect.any(String),
        },
      ]);
      expect(body.payout).toMatchObject({ amount: '100', currency: 'BRL' });
      expect(body.refunds).toEqual([]);
      // What support is asked: the agreed terms, where to pay, by when, and what arrived.
      const decimalText = expect.stringMatching(/^\d+(\.\d+)?$/);
      expect(body.terms).toEqual({
        rate: decimalText,
        fee: decimalText,
        amountToSend: '18.43',
        cryptoCurrency: 'USDC',
        recipientAmount: '100',
        targetCurrency: 'BRL',
        depositAddress: expect.any(String),
        memo: null,
        payBefore: expect.stringMatching(/Z$/),
        paymentUri: `solana:${body.terms.depositAddress}?amount=18.43&spl-token=${fact.asset}`,
      });
      expect(body.amountReceived).toBe('18.43');
    });

    it('gives a memo-bound transaction its memo, and none received before a deposit', async () => {
      const body = (await timeline(partnerA, stellar.id).expect(200)).body;
      expect(body.terms).toMatchObject({
        amountToSend: '101.02',
        recipientAmount: '400000',
        targetCurrency: 'COP',
        memo: stellar.reference,
        paymentUri: expect.stringMatching(
          new RegExp(
            `^web\\+stellar:pay\\?destination=G[A-Z2-7]{55}&amount=101\\.02&asset_code=USDC&asset_issuer=G[A-Z2-7]{55}&memo=${encodeURIComponent(stellar.reference)}&memo_type=MEMO_TEXT$`,
          ),
        ),
      });
      expect(body.amountReceived).toBeNull();
    });

    it("answers 404 for another partner's transaction and a malformed id", async () => {
      const notFound = refusal('transaction_not_found', 'Transaction not found');
      expect((await timeline(partnerB, stellar.id).expect(404)).body).toEqual(notFound);
      expect((await timeline(partnerA, 'not-an-id').expect(404)).body).toEqual(notFound);
    });
  });
});
