import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TransactionStatus } from '@shared/contracts';
import { openTransaction, fakeTransferId, type OpenedTransaction } from './funded-transactions.js';
import { SOLANA_PIX, STELLAR_BREB, TransactionSystem, refusal, type Partner } from './transaction-system.js';

// GET /transactions: the web console's search over one partner's transactions.
describe('GET /transactions', () => {
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

  it("lists the partner's transactions newest first, amounts as exact decimal strings", async () => {
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
    [{ q: '' }, 'q must not be empty'],
    [{ pageSize: 101 }, 'pageSize must be an integer from 1 to 100'],
  ])('answers invalid_request for %j', async (query, reason) => {
    expect((await search(partnerA, query).expect(400)).body).toEqual(refusal('invalid_request', reason));
  });

  it('refuses a caller without credentials', async () => {
    await system.http.get('/transactions').expect(401);
  });
});
