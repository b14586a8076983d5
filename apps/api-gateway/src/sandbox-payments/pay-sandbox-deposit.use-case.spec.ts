import { describe, expect, it } from '@jest/globals';
import { TransactionStatus } from '@shared/contracts';
import type { DepositTargetReader, TransactionDepositTarget } from './deposit-target.reader.js';
import { PaySandboxDepositUseCase } from './pay-sandbox-deposit.use-case.js';
import type { SandboxControlClient, SandboxDepositReceipt } from './sandbox-control.client.js';
import { SandboxPaymentError, SandboxPaymentErrorCode } from './sandbox-payments.errors.js';

const PARTNER = { kind: 'partner', partnerId: 'p-1', scheme: 'api_key', walletUser: null } as const;
const ID = '00000000-0000-4000-8000-000000000001';

function transaction(overrides: Partial<TransactionDepositTarget> = {}): TransactionDepositTarget {
  return {
    partnerId: 'p-1',
    userId: 'user-1',
    status: TransactionStatus.AWAITING_PAYMENT,
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
  return { sut: new PaySandboxDepositUseCase(sandbox, targets), paid };
}

const refusedWith = (code: SandboxPaymentErrorCode) => new SandboxPaymentError(code);

describe(PaySandboxDepositUseCase.name, () => {
  it("pays the partner's transaction's deposit target", async () => {
    const { sut, paid } = sutWith(transaction());
    await expect(sut.execute(PARTNER, ID)).resolves.toEqual({ blockchain: 'SOLANA', onChainTx: 'tx-1' });
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
  ])('refuses %s without paying', async (_case, found, available, code) => {
    const { sut, paid } = sutWith(found, available);
    await expect(sut.execute(PARTNER, ID)).rejects.toEqual(refusedWith(code));
    expect(paid).toEqual([]);
  });

  it('refuses a second payment the sandbox already sent', async () => {
    const { sut } = sutWith(transaction(), true, true);
    await expect(sut.execute(PARTNER, ID)).rejects.toEqual(
      refusedWith(SandboxPaymentErrorCode.DEPOSIT_ALREADY_SENT),
    );
  });

  it("refuses a wallet another user's transaction", async () => {
    const { sut } = sutWith(transaction());
    const wallet = { ...PARTNER, scheme: 'bearer', walletUser: 'someone-else' } as const;
    await expect(sut.execute(wallet, ID)).rejects.toEqual(
      refusedWith(SandboxPaymentErrorCode.TRANSACTION_NOT_FOUND),
    );
  });
});
