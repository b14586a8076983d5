import { describe, expect, it } from '@jest/globals';
import type { UnitOfWork } from '@platform/database';
import { PaymentMethod, TargetCurrency, TransactionStatus, type RailCapsView } from '@shared/contracts';
import { FixedClock } from '@shared/util';
import { DailyCaps } from './daily-caps.js';
import type { DailyCapsRepository, Usage, UsageKey } from './daily-caps.repository.js';
import type { RailCapsClient } from './rail-caps.client.js';

const BREB_CAPS: RailCapsView = {
  paymentMethod: PaymentMethod.BREB,
  targetCurrency: TargetCurrency.COP,
  perTransaction: '5000000',
  perUserDailyAmount: '25000000',
  perUserDailyCount: 15,
  perPaymentMethodDailyAmount: '25000000',
};
const UNIT = {} as UnitOfWork;
const NOW = new Date('2026-12-07T04:00:00Z');

// The usage rows and charges in memory, keyed as the table is.
class FakeUsage {
  readonly rows = new Map<string, Usage>();
  readonly released: string[] = [];
  private readonly charges = new Map<
    string,
    { day: string; amount: string; partnerId: string; userId: string }
  >();

  repository(): DailyCapsRepository {
    const key = (of: UsageKey) => `${of.day}/${of.scope}/${of.partnerId}/${of.userId}`;
    const read = async (of: UsageKey) => this.rows.get(key(of)) ?? { amount: '0', count: 0 };
    return {
      peek: async (user: UsageKey, rail: UsageKey) => ({ user: await read(user), rail: await read(rail) }),
      lock: async (_unit: UnitOfWork, of: UsageKey) => read(of),
      add: async (_unit: UnitOfWork, of: UsageKey, amount: string, count: number) => {
        const row = await read(of);
        this.rows.set(key(of), {
          amount: String(Number(row.amount) + Number(amount)),
          count: row.count + count,
        });
      },
      recordCharge: async (
        _unit: UnitOfWork,
        charge: { transactionId: string; day: string; amount: string; partnerId: string; userId: string },
      ) => void this.charges.set(charge.transactionId, charge),
      release: async (_unit: UnitOfWork, transactionId: string) => {
        const charge = this.charges.get(transactionId);
        if (!charge) return null;
        this.charges.delete(transactionId);
        this.released.push(transactionId);
        return { ...charge, transactionId, paymentMethod: PaymentMethod.BREB, releasedAt: NOW };
      },
    } as unknown as DailyCapsRepository;
  }
}

function dailyCaps(caps: RailCapsView | null = BREB_CAPS) {
  const usage = new FakeUsage();
  const sut = new DailyCaps(
    usage.repository(),
    { of: async () => caps } as unknown as RailCapsClient,
    new FixedClock(NOW),
  );
  return { sut, usage };
}

const question = (amount: string, userId = 'ana') => ({
  partnerId: 'partner-1',
  userId,
  paymentMethod: PaymentMethod.BREB,
  targetCurrency: TargetCurrency.COP,
  amount,
});

describe(DailyCaps.name, () => {
  it('counts the day in Bogotá: 04:00 UTC on the 7th is still the 6th', async () => {
    const { sut } = dailyCaps();

    await expect(sut.check(question('100'))).resolves.toMatchObject({ day: '2026-12-06' });
  });

  it('takes the share at reserve and gives it back once when the transaction expires', async () => {
    const { sut, usage } = dailyCaps({ ...BREB_CAPS, perTransaction: null });
    await sut.reserve(UNIT, 'tx-1', await sut.check(question('25000000')));
    await expect(sut.check(question('1'))).rejects.toMatchObject({ code: 'daily_limit_reached' });

    await sut.settle(UNIT, { id: 'tx-1', status: TransactionStatus.PAYMENT_EXPIRED });
    await sut.settle(UNIT, { id: 'tx-1', status: TransactionStatus.PAYMENT_EXPIRED });

    expect(usage.released).toEqual(['tx-1']);
    expect([...usage.rows.values()]).toEqual([
      { amount: '0', count: 0 },
      { amount: '0', count: 0 },
    ]);
    await expect(sut.check(question('25000000'))).resolves.toBeDefined();
  });

  it.each([TransactionStatus.PROCESSING_PAYMENT, TransactionStatus.PAYMENT_COMPLETED])(
    'keeps the share of a transaction moving to %s',
    async (status) => {
      const { sut, usage } = dailyCaps();
      await sut.reserve(UNIT, 'tx-1', await sut.check(question('100')));

      await sut.settle(UNIT, { id: 'tx-1', status });

      expect(usage.released).toEqual([]);
    },
  );

  it.each([TransactionStatus.PAYMENT_FAILED, TransactionStatus.WRONG_AMOUNT])(
    'gives back the share of a transaction moving to %s',
    async (status) => {
      const { sut, usage } = dailyCaps();
      await sut.reserve(UNIT, 'tx-1', await sut.check(question('100')));

      await sut.settle(UNIT, { id: 'tx-1', status });

      expect(usage.released).toEqual(['tx-1']);
    },
  );

  it('refuses in order: per transaction, then the user count, then the user amount, then the rail', async () => {
    const { sut } = dailyCaps({ ...BREB_CAPS, perUserDailyCount: 1, perPaymentMethodDailyAmount: '150' });
    await expect(sut.check(question('5000000.01'))).rejects.toMatchObject({
      code: 'amount_above_transaction_limit',
    });
    await sut.reserve(UNIT, 'tx-1', await sut.check(question('100')));
    await expect(sut.check(question('100'))).rejects.toMatchObject({
      code: 'transaction_count_limit_reached',
    });
    await expect(sut.check(question('100', 'bea'))).rejects.toMatchObject({
      code: 'payment_method_limit_reached',
    });
  });

  it('lets everything through on a rail without caps, still counting its usage', async () => {
    const { sut, usage } = dailyCaps(null);

    await sut.reserve(UNIT, 'tx-1', await sut.check(question('999999999')));

    expect([...usage.rows.values()]).toContainEqual({ amount: '999999999', count: 1 });
  });
});
