import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { TransactionSystem, refusal, type Partner } from './transaction-system.js';

const OPS_REFUSED = {
  message: 'Missing or invalid credentials',
  ...refusal('authentication_failed', 'Missing or invalid credentials'),
};

// The operators' read side beside their changes: who set which KYC policy and KYB status, every
// reconcile call, and the refunds that failed or still wait for an outcome.
describe('transaction-service operator audit logs and refunds needing attention', () => {
  const system = new TransactionSystem();
  let partner: Partner;

  beforeAll(async () => {
    await system.start();
    partner = await system.createPartner('Audited');
  });

  afterAll(() => system.stop());

  const asOperator = (operator: string) => ({
    put: (path: string) => system.ops().put(path).set('X-Operator', operator),
    post: (path: string) => system.ops().post(path).set('X-Operator', operator),
  });

  it('records who set each KYC policy, newest first, in the same step as the policy', async () => {
    await asOperator('ana')
      .put(`/ops/kyc-policies/${partner.partnerId}`)
      .send({ mode: 'threshold', thresholdAmount: '2500.50' })
      .expect(200);
    await system.ops().put(`/ops/kyc-policies/${partner.partnerId}`).send({ mode: 'off' }).expect(200);

    const audit = await system.ops().get('/ops/kyc-policies/audit').expect(200);
    const entry = (actor: string, mode: string, thresholdAmount: string | null) => ({
      id: expect.any(String),
      actor,
      partnerId: partner.partnerId,
      mode,
      thresholdAmount,
      occurredAt: expect.any(String),
    });
    expect(audit.body).toEqual({
      page: 1,
      pageSize: 20,
      total: 2,
      entries: [entry('ops', 'off', null), entry('ana', 'threshold', '2500.5')],
    });
  });

  it('records each KYB change with who made it, from and to which status and the limit asked', async () => {
    await asOperator('ana')
      .put(`/ops/partner-kyb/${partner.partnerId}`)
      .send({ status: 'pending', pendingLimit: '250.50' })
      .expect(200);
    await system.ops().put(`/ops/partner-kyb/${partner.partnerId}`).send({ status: 'approved' }).expect(200);

    const audit = await system.ops().get('/ops/partner-kyb/audit').expect(200);
    const entry = (actor: string, fromStatus: string, toStatus: string, pendingLimit: string | null) => ({
      id: expect.any(String),
      actor,
      partnerId: partner.partnerId,
      fromStatus,
      toStatus,
      pendingLimit,
      occurredAt: expect.any(String),
    });
    expect(audit.body).toEqual({
      page: 1,
      pageSize: 20,
      total: 2,
      entries: [entry('ops', 'pending', 'approved', null), entry('ana', 'approved', 'pending', '250.5')],
    });
  });

  it('shows every reconcile call with who asked and what came of it', async () => {
    const hash = `unknown-${randomUUID()}`;
    await asOperator('bo')
      .post('/ops/transactions/reconcile-hash')
      .send({ blockchain: 'STELLAR', on_chain_tx: hash })
      .expect(200);

    const audit = await system
      .ops()
      .get('/ops/transactions/reconcile-hash/audit')
      .query({ pageSize: 5 })
      .expect(200);
    expect(audit.body).toEqual({
      page: 1,
      pageSize: 5,
      total: 1,
      entries: [
        {
          id: expect.any(String),
          actor: 'bo',
          blockchain: 'STELLAR',
          on_chain_tx: hash,
          requestedTransactionId: null,
          result: 'not_found',
          transactionId: null,
          reason: 'The chain does not know this transaction, or it is not final yet',
          requestedAt: expect.any(String),
        },
      ],
    });
  });

  it('lists failed refunds by default and waiting ones on request, newest first', async () => {
    const insert = (status: string, failureReason: string | null, requestedAt: string) =>
      system.sql(
        `INSERT INTO "transaction"."refund" (id, transaction_id, deposit_id, blockchain, crypto_currency,
           destination, amount, reason, status, on_chain_tx, failure_reason, requested_at, settled_at)
         VALUES ($1, $2, $3, 'STELLAR', 'USDC', 'GSENDER', '12.500000000000000000', 'EXPIRED', $4, NULL, $5, $6, NULL)
         RETURNING id, transaction_id`,
        [randomUUID(), randomUUID(), randomUUID(), status, failureReason, requestedAt],
      );
    const [older] = await insert('FAILED', 'destination account missing', '2026-01-01T00:00:00Z');
    const [newer] = await insert('FAILED', 'insufficient fee balance', '2026-01-02T00:00:00Z');
    const [waiting] = await insert('REQUESTED', null, '2026-01-03T00:00:00Z');
    const view = (
      row: Record<string, unknown> | undefined,
      status: string,
      failureReason: string | null,
      requestedAt: string,
    ) => ({
      id: row?.['id'],
      transactionId: row?.['transaction_id'],
      blockchain: 'STELLAR',
      cryptoCurrency: 'USDC',
      destination: 'GSENDER',
      amount: '12.5',
      reason: 'EXPIRED',
      status,
      on_chain_tx: null,
      failureReason,
      requestedAt,
      settledAt: null,
    });

    expect((await system.ops().get('/ops/refunds').expect(200)).body).toEqual({
      page: 1,
      pageSize: 20,
      total: 2,
      refunds: [
        view(newer, 'FAILED', 'insufficient fee balance', '2026-01-02T00:00:00.000Z'),
        view(older, 'FAILED', 'destination account missing', '2026-01-01T00:00:00.000Z'),
      ],
    });
    expect(
      (await system.ops().get('/ops/refunds').query({ status: 'REQUESTED' }).expect(200)).body.refunds,
    ).toEqual([view(waiting, 'REQUESTED', null, '2026-01-03T00:00:00.000Z')]);
  });

  it('refuses a status that needs no attention and a bad page size, with the reason', async () => {
    expect((await system.ops().get('/ops/refunds').query({ status: 'SENT' }).expect(400)).body).toEqual(
      refusal('invalid_request', 'status must be one of: FAILED, REQUESTED'),
    );
    expect(
      (await system.ops().get('/ops/kyc-policies/audit').query({ pageSize: 0 }).expect(400)).body,
    ).toEqual(refusal('invalid_request', 'pageSize must be an integer from 1 to 100'));
  });

  it('refuses every read without the ops key', async () => {
    for (const path of [
      '/ops/refunds',
      '/ops/kyc-policies/audit',
      '/ops/partner-kyb/audit',
      '/ops/transactions/reconcile-hash/audit',
    ]) {
      expect((await system.http.get(path).set('X-API-Key', partner.apiKey).expect(401)).body).toEqual(
        OPS_REFUSED,
      );
    }
  });
});
