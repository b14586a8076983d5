import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectEventually } from '@platform/test-support';
import type { DepositDetectedV1 } from '@shared/contracts';
import { FakeChainWatchers } from './fake-chain-watchers.js';
import { openTransaction } from './funded-transactions.js';
import { SOLANA_PIX, STELLAR_BREB, TransactionSystem, refusal, type Partner } from './transaction-system.js';

// POST /ops/transactions/reconcile-hash through the gateway, chain-watchers stood in for.
describe('POST /ops/transactions/reconcile-hash', () => {
  const system = new TransactionSystem();
  const chain = new FakeChainWatchers();
  let partner: Partner;

  beforeAll(async () => {
    await system.start({ CHAIN_WATCHERS_URL: await chain.start() });
    partner = await system.createPartner('Reconcile');
  });

  afterAll(async () => {
    await system.stop();
    await chain.stop();
  });

  const reconcile = (body: object, operator?: string) => {
    const call = system.ops().post('/ops/transactions/reconcile-hash');
    return (operator ? call.set('X-Operator', operator) : call).send(body);
  };
  const found = (...transfers: DepositDetectedV1[]) => ({ status: 'found' as const, transfers });
  // As chain-watchers' stream announces a transfer into a deposit address.
  const publishDetected = (fact: DepositDetectedV1) =>
    system.bus.publish([
      {
        id: randomUUID(),
        topic: 'chain.deposit.detected.v1',
        key: fact.onChainTx,
        payload: fact,
        occurredAt: new Date().toISOString(),
        correlationId: randomUUID(),
      },
    ]);
  const unmatchedHashes = async () =>
    (
      (await system.ops().get('/ops/deposits/unmatched?pageSize=100').expect(200)).body.deposits as Array<{
        on_chain_tx: string;
      }>
    ).map((deposit) => deposit.on_chain_tx);
  const statusOf = async (id: string) =>
    (await system.http.get(`/transaction/${id}`).set('X-API-Key', partner.apiKey).expect(200)).body.status;

  it('needs the operations key: a partner key is refused', async () => {
    const response = await system.http
      .post('/ops/transactions/reconcile-hash')
      .set('X-API-Key', partner.apiKey)
      .send({ blockchain: 'SOLANA', on_chain_tx: 'x' })
      .expect(401);
    expect(response.body.code).toBe('authentication_failed');
  });

  it.each([
    [{ on_chain_tx: 'x' }, 'blockchain is required'],
    [{ blockchain: 'BITCOIN', on_chain_tx: 'x' }, 'blockchain must be one of STELLAR, SOLANA, CELO'],
    [{ blockchain: 'SOLANA' }, 'on_chain_tx is required'],
    [{ blockchain: 'SOLANA', on_chain_tx: 'x', transaction_id: 'nope' }, 'transaction_id must be a UUID'],
  ])('answers 400 invalid_request for %j', async (body, reason) => {
    const response = await reconcile(body).expect(400);
    expect(response.body).toEqual(refusal('invalid_request', reason));
  });

  it('answers 404 for an unknown transaction id', async () => {
    const response = await reconcile({
      blockchain: 'SOLANA',
      on_chain_tx: 'x',
      transaction_id: randomUUID(),
    }).expect(404);
    expect(response.body).toEqual(refusal('transaction_not_found', 'Transaction not found'));
  });

  it('answers not_found while the chain does not know the hash, and invalid for a failed one', async () => {
    expect((await reconcile({ blockchain: 'CELO', on_chain_tx: '0xunknown' }).expect(200)).body).toEqual({
      blockchain: 'CELO',
      on_chain_tx: '0xunknown',
      result: 'not_found',
      transaction_id: null,
      status: null,
      reason: 'The chain does not know this transaction, or it is not final yet',
    });
    chain.answer('0xfailed', { status: 'invalid', reason: 'failed' });
    expect((await reconcile({ blockchain: 'CELO', on_chain_tx: '0xfailed' }).expect(200)).body).toEqual({
      blockchain: 'CELO',
      on_chain_tx: '0xfailed',
      result: 'invalid',
      transaction_id: null,
      status: null,
      reason: 'The transaction failed on chain',
    });
  });

  it('recovers a Stellar deposit that arrived without a memo, once', async () => {
    const opened = await openTransaction(system, partner, STELLAR_BREB);
    const fact = { ...opened.fact, memo: null };
    await publishDetected(fact);
    await expectEventually(async () =>
      expect(
        await system.sql('SELECT outcome FROM "transaction"."deposit" WHERE on_chain_tx = $1', [
          fact.onChainTx,
        ]),
      ).toEqual([{ outcome: 'UNMATCHED' }]),
    );
    expect(await unmatchedHashes()).toContain(fact.onChainTx);
    chain.answer(fact.onChainTx, found(fact));
    const unresolved = await reconcile({ blockchain: 'STELLAR', on_chain_tx: fact.onChainTx }).expect(200);
    expect(unresolved.body).toEqual({
      blockchain: 'STELLAR',
      on_chain_tx: fact.onChainTx,
      result: 'unresolved',
      transaction_id: null,
      status: null,
      reason: 'The transfer carries no memo',
    });
    const body = { blockchain: 'STELLAR', on_chain_tx: fact.onChainTx, transaction_id: opened.id };
    expect((await reconcile(body, 'ana@ops').expect(200)).body).toEqual({
      blockchain: 'STELLAR',
      on_chain_tx: fact.onChainTx,
      result: 'enqueued',
      transaction_id: opened.id,
      status: 'PROCESSING_PAYMENT',
    });
    expect((await reconcile(body).expect(200)).body).toEqual(
      expect.objectContaining({
        result: 'already_processed',
        transaction_id: opened.id,
        status: 'PROCESSING_PAYMENT',
      }),
    );
    expect(await statusOf(opened.id)).toBe('PROCESSING_PAYMENT');
    expect(await unmatchedHashes()).not.toContain(fact.onChainTx);
  });

  describe('GET /ops/deposits/unmatched', () => {
    it('lists an unmatched deposit with what operations need to recover it, newest first', async () => {
      const opened = await openTransaction(system, partner, STELLAR_BREB);
      const fact = { ...opened.fact, memo: 'NOT-A-REFERENCE' };
      await publishDetected(fact);
      await expectEventually(async () => expect(await unmatchedHashes()).toContain(fact.onChainTx));

      const response = await system.ops().get('/ops/deposits/unmatched?page=1&pageSize=1').expect(200);

      expect(response.body).toEqual({
        page: 1,
        pageSize: 1,
        total: expect.any(Number),
        deposits: [
          {
            id: expect.any(String),
            blockchain: 'STELLAR',
            on_chain_tx: fact.onChainTx,
            transferIndex: fact.transferIndex,
            cryptoCurrency: fact.cryptoCurrency,
            asset: fact.asset,
            depositAddress: fact.depositAddress,
            sender: fact.sender,
            amount: fact.amount,
            memo: 'NOT-A-REFERENCE',
            reason: 'The memo NOT-A-REFERENCE matches no transaction',
            source: 'STREAM',
            confirmedAt: fact.confirmedAt,
            recordedAt: expect.any(String),
          },
        ],
      });
    });

    it.each([
      ['page=0', 'page must be an integer from 1 to 999999999'],
      ['pageSize=101', 'pageSize must be an integer from 1 to 100'],
      ['pageSize=ten', 'pageSize must be an integer from 1 to 100'],
      ['status=UNMATCHED', 'property status should not exist'],
    ])('answers 400 invalid_request for ?%s', async (query, reason) => {
      const response = await system.ops().get(`/ops/deposits/unmatched?${query}`).expect(400);
      expect(response.body).toEqual(refusal('invalid_request', reason));
    });

    it('needs the operations key: a partner key is refused', async () => {
      const response = await system.http
        .get('/ops/deposits/unmatched')
        .set('X-API-Key', partner.apiKey)
        .expect(401);
      expect(response.body.code).toBe('authentication_failed');
    });
  });

  it('needs a transaction id for an unmatched Solana transfer, then applies it like notify', async () => {
    const opened = await openTransaction(system, partner, SOLANA_PIX);
    chain.answer(opened.fact.onChainTx, found(opened.fact));
    expect(
      (await reconcile({ blockchain: 'SOLANA', on_chain_tx: opened.fact.onChainTx }).expect(200)).body,
    ).toEqual({
      blockchain: 'SOLANA',
      on_chain_tx: opened.fact.onChainTx,
      result: 'unresolved',
      transaction_id: null,
      status: null,
      reason: 'transaction_id is required to match a SOLANA transfer',
    });
    const body = { blockchain: 'SOLANA', on_chain_tx: opened.fact.onChainTx, transaction_id: opened.id };
    expect((await reconcile(body).expect(200)).body.result).toBe('enqueued');
    // Once recorded, the hash alone finds its transaction.
    expect(
      (await reconcile({ blockchain: 'SOLANA', on_chain_tx: opened.fact.onChainTx }).expect(200)).body,
    ).toEqual({
      blockchain: 'SOLANA',
      on_chain_tx: opened.fact.onChainTx,
      result: 'already_processed',
      transaction_id: opened.id,
      status: 'PROCESSING_PAYMENT',
    });
    const other = await openTransaction(system, partner, SOLANA_PIX);
    const taken = await reconcile({ ...body, transaction_id: other.id }).expect(200);
    expect(taken.body).toEqual({
      blockchain: 'SOLANA',
      on_chain_tx: opened.fact.onChainTx,
      result: 'invalid',
      transaction_id: other.id,
      status: 'AWAITING_PAYMENT',
      // Every Solana transaction has its own address: this one's is not where the transfer went.
      reason: `The transfer went to ${opened.fact.depositAddress}, not to this transaction's deposit address ${other.fact.depositAddress}`,
    });
  });

  it('audits every call: who, when, what, result', async () => {
    const rows = await system.sql<{ actor: string; result: string; requested_at: Date }>(
      'SELECT actor, result, requested_at FROM "transaction"."reconcile_audit" ORDER BY requested_at',
      [],
    );
    expect(rows.map(({ result }) => result)).toEqual([
      'error:invalid_request',
      'error:invalid_request',
      'error:invalid_request',
      'error:invalid_request',
      'error:transaction_not_found',
      'not_found',
      'invalid',
      'unresolved',
      'enqueued',
      'already_processed',
      'unresolved',
      'enqueued',
      'already_processed',
      'invalid',
    ]);
    expect(rows.filter(({ actor }) => actor === 'ana@ops')).toHaveLength(1);
  });
});
