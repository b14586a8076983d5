import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Keypair } from '@stellar/stellar-sdk';
import type { EventEnvelope } from '@platform/messaging';
import { expectEventually } from '@platform/test-support';
import {
  Blockchain,
  type DepositDetectedV1,
  type RefundRequestedV1,
  type RefundSettledV1,
} from '@shared/contracts';
import { fakeTransferId, openTransaction } from './funded-transactions.js';
import {
  DEPOSIT_ADDRESSES,
  SOLANA_PIX,
  STELLAR_BREB,
  TransactionSystem,
  refusal,
  type Partner,
} from './transaction-system.js';

// Operators finish held transfers (POST /ops/deposits/{id}/refund and /assign) through the
// gateway; the transfers are held as chain-watchers' stream would leave them.
describe('held transfers: POST /ops/deposits/{id}/refund and /assign', () => {
  const system = new TransactionSystem();
  const refundRequests: EventEnvelope<RefundRequestedV1>[] = [];
  let partner: Partner;

  beforeAll(async () => {
    await system.start();
    await system.bus.subscribe({
      groupId: 'held-deposits-test',
      topics: ['chain.refund.requested.v1'],
      handle: async (event) => void refundRequests.push(event as EventEnvelope<RefundRequestedV1>),
    });
    partner = await system.createPartner('Held transfers');
  });

  afterAll(async () => {
    await system.stop();
  });

  const refund = (id: string, body: object = {}, operator = 'ana@ops') =>
    system.ops().post(`/ops/deposits/${id}/refund`).set('X-Operator', operator).send(body);
  const assign = (id: string, transactionId: string, operator = 'ana@ops') =>
    system
      .ops()
      .post(`/ops/deposits/${id}/assign`)
      .set('X-Operator', operator)
      .send({ transaction_id: transactionId });
  // The stream reports a transfer that names no transaction (a Stellar one without memo, or one
  // no watched address explains): recorded unmatched; its deposit id as the list shows it.
  const hold = async (fact: DepositDetectedV1): Promise<string> => {
    const held = { ...fact, memo: null, transactionId: null };
    await system.bus.publish([
      {
        id: randomUUID(),
        topic: 'chain.deposit.detected.v1',
        key: held.onChainTx,
        payload: held,
        occurredAt: new Date().toISOString(),
        correlationId: randomUUID(),
      },
    ]);
    let id = '';
    await expectEventually(async () => {
      const found = (await unmatched()).find((deposit) => deposit.on_chain_tx === held.onChainTx);
      expect(found).toBeDefined();
      id = found!.id;
    });
    return id;
  };
  const unmatched = async () =>
    (await system.ops().get('/ops/deposits/unmatched?pageSize=100').expect(200)).body.deposits as Array<{
      id: string;
      on_chain_tx: string;
    }>;
  const requestsOf = (fact: DepositDetectedV1) =>
    refundRequests.filter(({ payload }) => payload.depositOnChainTx === fact.onChainTx);
  const statusOf = async (id: string) =>
    (await system.http.get(`/transaction/${id}`).set('X-API-Key', partner.apiKey).expect(200)).body.status;

  describe('refund', () => {
    it('sends a held transfer back whole to its sender; it leaves the unmatched list; a repeat answers the same', async () => {
      const { fact } = await openTransaction(system, partner, STELLAR_BREB);
      const id = await hold(fact);

      const answer = await refund(id).expect(200);

      expect(answer.body).toEqual({
        id,
        blockchain: 'STELLAR',
        on_chain_tx: fact.onChainTx,
        transferIndex: 0,
        cryptoCurrency: 'USDC',
        asset: fact.asset,
        depositAddress: fact.depositAddress,
        sender: fact.sender,
        amount: fact.amount,
        memo: null,
        reason: 'The transfer carries no memo',
        source: 'OPERATOR',
        confirmedAt: fact.confirmedAt,
        recordedAt: expect.any(String),
        outcome: 'REFUNDED',
        transactionId: null,
        transactionStatus: null,
        resolution: {
          action: 'refund',
          actor: 'ana@ops',
          resolvedAt: expect.any(String),
          destination: fact.sender,
          transactionId: null,
        },
        refunds: [
          {
            id: expect.any(String),
            status: 'REQUESTED',
            destination: fact.sender,
            amount: fact.amount,
            reason: 'UNMATCHED',
            on_chain_tx: null,
            failureReason: null,
          },
        ],
      });
      await expectEventually(async () => expect(requestsOf(fact)).toHaveLength(1));
      const [requested] = requestsOf(fact);
      // Keyed by the deposit's transfer: there is no transaction to key it by.
      expect(requested!.key).toBe(fact.onChainTx);
      expect(requested!.payload).toEqual({
        refundId: answer.body.refunds[0].id,
        transactionId: null,
        blockchain: 'STELLAR',
        cryptoCurrency: 'USDC',
        destination: fact.sender,
        amount: fact.amount,
        reason: 'UNMATCHED',
        depositOnChainTx: fact.onChainTx,
        depositTransferIndex: 0,
      });
      expect((await unmatched()).map((deposit) => deposit.id)).not.toContain(id);

      // The same request again: the same answer, nothing asked twice.
      expect((await refund(id).expect(200)).body).toEqual(answer.body);
      expect(requestsOf(fact)).toHaveLength(1);

      // chain-watchers reports it sent: recorded on the refund, which has no transaction.
      const settled: RefundSettledV1 = {
        refundId: requested!.payload.refundId,
        transactionId: null,
        blockchain: Blockchain.STELLAR,
        status: 'SENT',
        onChainTx: 'held-refund-hash',
        reason: null,
        settledAt: new Date().toISOString(),
      };
      await system.bus.publish([
        {
          id: randomUUID(),
          topic: 'chain.refund.settled.v1',
          key: fact.onChainTx,
          payload: settled,
          occurredAt: new Date().toISOString(),
          correlationId: randomUUID(),
        },
      ]);
      await expectEventually(async () =>
        expect(
          await system.sql('SELECT status, on_chain_tx FROM "transaction"."refund" WHERE id = $1', [
            settled.refundId,
          ]),
        ).toEqual([{ status: 'SENT', on_chain_tx: 'held-refund-hash' }]),
      );
    });

    it('sends it to an address of its chain the operator names, naming the operator to chain-watchers', async () => {
      const { fact } = await openTransaction(system, partner, STELLAR_BREB);
      const id = await hold(fact);
      const destination = Keypair.random().publicKey();

      const answer = await refund(id, { destination }, 'bo@ops').expect(200);

      expect(answer.body.resolution).toEqual({
        action: 'refund',
        actor: 'bo@ops',
        resolvedAt: expect.any(String),
        destination,
        transactionId: null,
      });
      await expectEventually(async () => expect(requestsOf(fact)).toHaveLength(1));
      expect(requestsOf(fact)[0]!.payload).toMatchObject({
        transactionId: null,
        destination,
        destinationNamedBy: 'bo@ops',
        reason: 'UNMATCHED',
        amount: fact.amount,
      });
    });

    it('refuses a destination that is no address of the chain, and the deposit stays held', async () => {
      const { fact } = await openTransaction(system, partner, STELLAR_BREB);
      const id = await hold(fact);

      const response = await refund(id, { destination: '0x0d9F115Ed8F3DD416A3E7934aF69f5CD4b9e8f1a' }).expect(
        400,
      );

      expect(response.body).toEqual(
        refusal(
          'invalid_request',
          'A STELLAR deposit address must be a Stellar account id (G…, 56 characters)',
        ),
      );
      expect((await unmatched()).map((deposit) => deposit.id)).toContain(id);
    });

    it.each([
      [{ destination: 7 }, 'destination must be a string'],
      [{ destination: '' }, 'destination must not be empty'],
    ])('answers 400 invalid_request for %j', async (body, reason) => {
      expect((await refund(randomUUID(), body).expect(400)).body).toEqual(refusal('invalid_request', reason));
    });
  });

  describe('assign', () => {
    it('funds the transaction it pays, whatever address it went to, and schedules the payout', async () => {
      const opened = await openTransaction(system, partner, SOLANA_PIX);
      // Paid to the chain's shared address instead of the transaction's own.
      const fact = { ...opened.fact, depositAddress: DEPOSIT_ADDRESSES.SOLANA };
      const id = await hold(fact);

      const answer = await assign(id, opened.id).expect(200);

      expect(answer.body).toMatchObject({
        id,
        outcome: 'FUNDED',
        source: 'OPERATOR',
        reason: null,
        transactionId: opened.id,
        transactionStatus: 'PROCESSING_PAYMENT',
        resolution: { action: 'assign', actor: 'ana@ops', destination: null, transactionId: opened.id },
        refunds: [],
      });
      expect(await statusOf(opened.id)).toBe('PROCESSING_PAYMENT');
      expect(
        await system.sql(
          'SELECT count(*)::int AS payouts FROM "transaction"."payout" WHERE transaction_id = $1',
          [opened.id],
        ),
      ).toEqual([{ payouts: 1 }]);
      expect((await unmatched()).map((deposit) => deposit.id)).not.toContain(id);
      expect((await assign(id, opened.id).expect(200)).body).toEqual({
        ...answer.body,
        transactionStatus: expect.any(String),
      });
    });

    it('moves an underpaid transaction to WRONG_AMOUNT and refunds the transfer, as a deposit would', async () => {
      const opened = await openTransaction(system, partner, SOLANA_PIX);
      const fact = { ...opened.fact, onChainTx: fakeTransferId('SOLANA'), amount: '0.5' };
      const id = await hold(fact);

      const answer = await assign(id, opened.id).expect(200);

      expect(answer.body).toMatchObject({
        outcome: 'WRONG_AMOUNT',
        transactionId: opened.id,
        transactionStatus: 'WRONG_AMOUNT',
        refunds: [{ status: 'REQUESTED', destination: fact.sender, amount: '0.5', reason: 'WRONG_AMOUNT' }],
      });
      await expectEventually(async () => expect(requestsOf(fact)).toHaveLength(1));
      expect(requestsOf(fact)[0]!.payload).toMatchObject({
        transactionId: opened.id,
        reason: 'WRONG_AMOUNT',
      });
      expect(requestsOf(fact)[0]!.payload).not.toHaveProperty('destinationNamedBy');
    });

    it('refuses a transaction of another chain or token, and the deposit stays held', async () => {
      const { fact } = await openTransaction(system, partner, STELLAR_BREB);
      const id = await hold(fact);
      const solana = await openTransaction(system, partner, SOLANA_PIX);

      const response = await assign(id, solana.id).expect(422);

      expect(response.body).toEqual(
        refusal('deposit_not_assignable', 'The transfer is on STELLAR; this transaction expects SOLANA'),
      );
      expect((await unmatched()).map((deposit) => deposit.id)).toContain(id);
      expect(await statusOf(solana.id)).toBe('AWAITING_PAYMENT');
    });

    it('answers 404 for an unknown transaction and 400 for a malformed one', async () => {
      const { fact } = await openTransaction(system, partner, STELLAR_BREB);
      const id = await hold(fact);

      expect((await assign(id, randomUUID()).expect(404)).body).toEqual(
        refusal('transaction_not_found', 'Transaction not found'),
      );
      expect((await assign(id, 'nope').expect(400)).body).toEqual(
        refusal('invalid_request', 'transaction_id must be a UUID'),
      );
    });
  });

  describe('a deposit that cannot be resolved', () => {
    it.each([randomUUID(), 'not-a-deposit-id'])('answers 404 for the unknown deposit %s', async (id) => {
      expect((await refund(id).expect(404)).body).toEqual(refusal('deposit_not_found', 'Deposit not found'));
      expect((await assign(id, randomUUID()).expect(404)).body).toEqual(
        refusal('deposit_not_found', 'Deposit not found'),
      );
    });

    it('refuses anything but the request that resolved it, saying what did', async () => {
      const { fact } = await openTransaction(system, partner, STELLAR_BREB);
      const opened = await openTransaction(system, partner, STELLAR_BREB);
      const id = await hold(fact);
      await refund(id, {}, 'cy@ops').expect(200);
      const resolved = refusal(
        'deposit_already_resolved',
        `The deposit is already resolved: refunded to ${fact.sender} by cy@ops`,
      );

      expect((await assign(id, opened.id).expect(409)).body).toEqual(resolved);
      expect((await refund(id, { destination: Keypair.random().publicKey() }).expect(409)).body).toEqual(
        resolved,
      );
      expect(await statusOf(opened.id)).toBe('AWAITING_PAYMENT');
    });

    it('refuses a deposit that funds a transaction by itself', async () => {
      const opened = await openTransaction(system, partner, STELLAR_BREB);
      await system.bus.publish([
        {
          id: randomUUID(),
          topic: 'chain.deposit.detected.v1',
          key: opened.fact.onChainTx,
          payload: opened.fact,
          occurredAt: new Date().toISOString(),
          correlationId: randomUUID(),
        },
      ]);
      await expectEventually(async () => expect(await statusOf(opened.id)).toBe('PROCESSING_PAYMENT'));
      const [deposit] = await system.sql<{ id: string }>(
        'SELECT id FROM "transaction"."deposit" WHERE on_chain_tx = $1',
        [opened.fact.onChainTx],
      );

      expect((await refund(deposit!.id).expect(409)).body).toEqual(
        refusal(
          'deposit_already_resolved',
          `The deposit is already resolved: it belongs to transaction ${opened.id} (FUNDED)`,
        ),
      );
    });

    it('resolves a held transfer once when two operators race', async () => {
      const { fact } = await openTransaction(system, partner, STELLAR_BREB);
      const opened = await openTransaction(system, partner, STELLAR_BREB);
      const id = await hold(fact);

      const statuses = (await Promise.all([refund(id, {}, 'dee@ops'), assign(id, opened.id, 'eve@ops')])).map(
        (response) => response.status,
      );

      expect(statuses.sort()).toEqual([200, 409]);
      const [deposit] = await system.sql<{ outcome: string; transaction_id: string | null }>(
        'SELECT outcome, transaction_id FROM "transaction"."deposit" WHERE id = $1',
        [id],
      );
      expect([
        { outcome: 'REFUNDED', transaction_id: null },
        { outcome: 'FUNDED', transaction_id: opened.id },
      ]).toContainEqual(deposit);
      expect(
        await system.sql(
          `SELECT actor FROM "transaction"."held_deposit_audit" WHERE deposit_id = $1 AND result = 'resolved'`,
          [id],
        ),
      ).toHaveLength(1);
    });
  });

  it('documents both routes, every answer, and the audit in the API reference', async () => {
    const { body: document } = await system.http.get('/openapi.json').expect(200);
    const answers = (path: string, method: string) =>
      Object.fromEntries(
        Object.entries(
          document.paths[path][method].responses as Record<
            string,
            { content: Record<string, { schema: unknown }> }
          >,
        ).map(([status, { content }]) => [status, content['application/json']!.schema]),
      );
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const refusals = {
      '400': ref('PayoutErrorResponseDto'),
      '401': ref('AuthenticationFailedResponseDto'),
      '404': ref('TransactionErrorResponseDto'),
      '409': ref('TransactionErrorResponseDto'),
    };
    expect(answers('/ops/deposits/{id}/refund', 'post')).toMatchObject({
      '200': ref('HeldDepositResponseDto'),
      ...refusals,
    });
    expect(answers('/ops/deposits/{id}/assign', 'post')).toMatchObject({
      '200': ref('HeldDepositResponseDto'),
      ...refusals,
      '422': ref('TransactionErrorResponseDto'),
    });
    expect(answers('/ops/deposits/audit', 'get')['200']).toEqual(ref('HeldDepositAuditResponseDto'));
    expect(document.components.schemas.TransactionErrorResponseDto.properties.code.enum).toEqual(
      expect.arrayContaining(['deposit_not_found', 'deposit_already_resolved', 'deposit_not_assignable']),
    );
  });

  it('lists every request in the audit, newest first, refusals included', async () => {
    const { fact } = await openTransaction(system, partner, STELLAR_BREB);
    const id = await hold(fact);
    await refund(id, {}, 'audit@ops').expect(200);
    await refund(id, {}, 'audit@ops').expect(200);
    await assign(id, randomUUID(), 'audit@ops').expect(409);
    await assign(id, 'nope', 'audit@ops').expect(400);

    const { body } = await system.ops().get('/ops/deposits/audit?pageSize=100').expect(200);

    expect(body).toMatchObject({ page: 1, pageSize: 100, total: expect.any(Number) });
    const mine = (body.entries as Array<{ depositId: string; requestedAt: string }>).filter(
      (entry) => entry.depositId === id,
    );
    expect(mine).toEqual([
      {
        id: expect.any(String),
        actor: 'audit@ops',
        action: 'assign',
        depositId: id,
        target: 'nope',
        result: 'error:invalid_request',
        reason: 'transaction_id must be a UUID',
        requestedAt: expect.any(String),
      },
      expect.objectContaining({
        action: 'assign',
        result: 'error:deposit_already_resolved',
        reason: `The deposit is already resolved: refunded to ${fact.sender} by audit@ops`,
      }),
      expect.objectContaining({ action: 'refund', target: fact.sender, result: 'repeated', reason: null }),
      expect.objectContaining({ action: 'refund', target: fact.sender, result: 'resolved', reason: null }),
    ]);
  });
});
