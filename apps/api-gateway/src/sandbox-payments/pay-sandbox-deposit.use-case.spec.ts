import { describe, expect, it } from '@jest/globals';
import { TransactionStatus } from '@shared/contracts';
import { FixedClock } from '@shared/util';
import type { DepositTargetReader, TransactionDepositTarget } from './deposit-target.reader.js';
import { PaySandboxDepositUseCase } from './pay-sandbox-deposit.use-case.js';
import type { SandboxControlClient, SandboxDepositReceipt } from './sandbox-control.client.js';
import {
  SandboxPaymentError,
  SandboxPaymentErrorCode,
  type SandboxPaymentRefusal,
} from './sandbox-payments.errors.js';

const PARTNER = { kind: 'partner', partnerId: 'p-1', scheme: 'api_key', walletUser: null } as const;
const ID = '00000000-0000-4000-8000-000000000001';
const NOW = new Date('2026-03-01T12:00:00.000Z');
const ON_TIME = { transactionId: ID, late: false };

function transaction(overrides: Partial<TransactionDepositTarget> = {}): TransactionDepositTarget {
  return {
    partnerId: 'p-1',
    userId: 'user-1',
    status: TransactionStatus.AWAITING_PAYMENT,
    quoteExpiresAt: new Date(NOW.getTime() + 60_000),
    paymentContext: { blockchain: 'SOLANA', depositAddress: 'addr', rpcUrl: 'http://rpc' },
    ...overrides,
  };
}

// `sandboxPaidBefore`: the sandbox answers that it already paid this target.
function sutWith(found: TransactionDepositTarget | null, available = true, sandboxPaidBefore = false) {
  const paid: Array<Readonly<Record<string, unknown>>> = [];
  const receipt: SandboxDepositReceipt = {
    blockchain: 'SOLANA' as SandboxDepositReceipt['blockchain'],
    onChainTx: 'tx-1',
  };
  const sandbox = {
    available,
    payDeposit: (context: Readonly<Record<string, unknown>>) => {
      paid.push(context);
      return Promise.resolve(sandboxPaidBefore ? null : receipt);
    },
  } as unknown as SandboxControlClient;
  const targets = { find: () => Promise.resolve(found) } as unknown as DepositTargetReader;
  return { sut: new PaySandboxDepositUseCase(sandbox, targets, new FixedClock(NOW)), paid };
}

const refusedWith = (refusal: SandboxPaymentRefusal) => new SandboxPaymentError(refusal);

describe(PaySandboxDepositUseCase.name, () => {
  it("pays the partner's transaction's deposit target", async () => {
    const { sut, paid } = sutWith(transaction());
    await expect(sut.execute(PARTNER, ON_TIME)).resolves.toEqual({ blockchain: 'SOLANA', onChainTx: 'tx-1' });
    expect(paid).toEqual([transaction().paymentContext]);
  });

  it.each([
    ['no sandbox here', transaction(), false, SandboxPaymentErrorCode.SANDBOX_UNAVAILABLE],
    ['an unknown transaction', null, true, SandboxPaymentErrorCode.TRANSACTION_NOT_FOUND],
    [
      "another partner's",
      transaction({ partnerId: 'p-2' }),
      true,
      SandboxPaymentErrorCode.TRANSACTION_NOT_FOUND,
    ],
    [
      'an expired one',
      transaction({ status: TransactionStatus.PAYMENT_EXPIRED }),
      true,
      SandboxPaymentErrorCode.TRANSACTION_EXPIRED,
    ],
    [
      'one already paid',
      transaction({ status: TransactionStatus.PROCESSING_PAYMENT }),
      true,
      SandboxPaymentErrorCode.DEPOSIT_ALREADY_RECEIVED,
    ],
  ] as const)('refuses %s without paying', async (_case, found, available, code) => {
    const { sut, paid } = sutWith(found, available);
    await expect(sut.execute(PARTNER, ON_TIME)).rejects.toEqual(refusedWith({ code }));
    expect(paid).toEqual([]);
  });

  it('refuses a second payment the sandbox already sent', async () => {
    const { sut } = sutWith(transaction(), true, true);
    await expect(sut.execute(PARTNER, ON_TIME)).rejects.toEqual(
      refusedWith({ code: SandboxPaymentErrorCode.DEPOSIT_ALREADY_SENT }),
    );
  });

  it("refuses a wallet another user's transaction", async () => {
    const { sut } = sutWith(transaction());
    const wallet = { ...PARTNER, scheme: 'bearer', walletUser: 'someone-else' } as const;
    await expect(sut.execute(wallet, ON_TIME)).rejects.toEqual(
      refusedWith({ code: SandboxPaymentErrorCode.TRANSACTION_NOT_FOUND }),
    );
  });

  describe('a quote that expired while the transaction still awaits its deposit', () => {
    it.each([
      ['just now', NOW],
      ['two seconds ago', new Date(NOW.getTime() - 2_000)],
    ])('refuses one that expired %s, naming when, without paying', async (_case, quoteExpiresAt) => {
      const { sut, paid } = sutWith(transaction({ quoteExpiresAt }));
      const rejection = await sut.execute(PARTNER, ON_TIME).catch((error: unknown) => error);
      expect(rejection).toBeInstanceOf(SandboxPaymentError);
      expect((rejection as SandboxPaymentError).refusal).toEqual({
        code: SandboxPaymentErrorCode.QUOTE_EXPIRED,
        quoteExpiresAt,
      });
      expect(paid).toEqual([]);
    });

    it('pays it when asked to pay late', async () => {
      const { sut, paid } = sutWith(transaction({ quoteExpiresAt: new Date(NOW.getTime() - 2_000) }));
      await expect(sut.execute(PARTNER, { transactionId: ID, late: true })).resolves.toEqual({
        blockchain: 'SOLANA',
        onChainTx: 'tx-1',
      });
      expect(paid).toHaveLength(1);
    });

    it('pays one still valid a millisecond longer', async () => {
      const { sut, paid } = sutWith(transaction({ quoteExpiresAt: new Date(NOW.getTime() + 1) }));
      await sut.execute(PARTNER, ON_TIME);
      expect(paid).toHaveLength(1);
    });

    it.each([
      [
        'an expired transaction',
        TransactionStatus.PAYMENT_EXPIRED,
        SandboxPaymentErrorCode.TRANSACTION_EXPIRED,
      ],
      [
        'a funded one',
        TransactionStatus.PROCESSING_PAYMENT,
        SandboxPaymentErrorCode.DEPOSIT_ALREADY_RECEIVED,
      ],
    ] as const)('refuses %s by its state even when asked to pay late', async (_case, status, code) => {
      const expired = transaction({ status, quoteExpiresAt: new Date(NOW.getTime() - 2_000) });
      const { sut, paid } = sutWith(expired);
      await expect(sut.execute(PARTNER, { transactionId: ID, late: true })).rejects.toEqual(
        refusedWith({ code }),
      );
      expect(paid).toEqual([]);
    });
  });
});
