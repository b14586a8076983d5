import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { decimal } from '@payout/money';
import { BREB_MOBILE, STELLAR_BREB, TransactionSystem, refusal, type Partner } from './transaction-system.js';

// A partner whose business verification (KYB) is pending is limited to a cumulative completed
// volume (KYB_PENDING_LIMIT, 100 by default, or the operator's per partner); a rejected one
// creates no transaction; an approved one (the default) is not limited.
describe('partner KYB at accept', () => {
  const system = new TransactionSystem();
  let partner: Partner;

  beforeAll(async () => {
    await system.start();
    partner = await system.createPartner('Pending Co');
    // KYC is another gate: these payouts pass it.
    await system.ops().put(`/ops/kyc-policies/${partner.partnerId}`).send({ mode: 'off' }).expect(200);
  });

  afterAll(() => system.stop());

  const setKyb = (body: object) =>
    system.ops().put(`/ops/partner-kyb/${partner.partnerId}`).set('X-Operator', 'ana').send(body).expect(200);
  const acceptNew = async (user: string, status: number) => {
    const quote = await system.quote(partner, { ...STELLAR_BREB, amount: 200_000 });
    return system
      .accept(partner, { quote_id: quote.quote_id, user_id: user, account_number: BREB_MOBILE })
      .expect(status);
  };

  it('shows a partner never set as approved with the default limit', async () => {
    const response = await system.ops().get(`/ops/partner-kyb/${partner.partnerId}`).expect(200);
    expect(response.body).toEqual({
      partnerId: partner.partnerId,
      status: 'approved',
      pendingLimit: '100',
      updatedBy: null,
      updatedAt: null,
    });
  });

  it('refuses a pending partner past its limit of completed volume, with its own reason, until approved', async () => {
    const set = await setKyb({ status: 'pending' });
    expect(set.body).toEqual({
      partnerId: partner.partnerId,
      status: 'pending',
      pendingLimit: '100',
      updatedBy: 'ana',
      updatedAt: expect.any(String),
    });
    // ~50.5 USDC: within 100 while nothing has completed.
    await acceptNew('kyb-1', 200);
    const [completed] = await system.sql<{ amount: string }>(
      `UPDATE "transaction"."transaction" SET "status" = 'PAYMENT_COMPLETED' WHERE "partner_id" = $1
       RETURNING "source_amount"::text AS "amount"`,
      [partner.partnerId],
    );
    const amount = decimal(completed!.amount).toFixed();

    const refused = await acceptNew('kyb-2', 403);
    expect(refused.body).toEqual(
      refusal(
        'kyb_pending_limit',
        `This partner's business verification (KYB) is pending: its completed transactions are limited to 100 USDC in all (${amount} so far, this one ${amount}) until it is approved`,
      ),
    );

    await setKyb({ status: 'pending', pendingLimit: '150' });
    await acceptNew('kyb-3', 200);
    await setKyb({ status: 'approved' });
    await acceptNew('kyb-4', 200);
  });

  it('refuses every accept of a rejected partner, and lists the partners set', async () => {
    await setKyb({ status: 'rejected' });
    const refused = await acceptNew('kyb-5', 403);
    expect(refused.body).toEqual(
      refusal(
        'kyb_rejected',
        "This partner's business verification (KYB) was rejected: it cannot create transactions",
      ),
    );
    const list = await system.ops().get('/ops/partner-kyb').expect(200);
    expect(list.body.partners).toContainEqual(
      expect.objectContaining({ partnerId: partner.partnerId, status: 'rejected' }),
    );
    const invalid = await system
      .ops()
      .put(`/ops/partner-kyb/${partner.partnerId}`)
      .send({ status: 'maybe' })
      .expect(400);
    expect(invalid.body).toEqual(
      refusal('invalid_request', 'status must be one of: pending, approved, rejected'),
    );
  });
});
