import { Injectable } from '@nestjs/common';
import { type PartnerIdentity, TransactionStatus } from '@shared/contracts';
import { Clock } from '@shared/util';
import { DepositTargetReader } from './deposit-target.reader.js';
import { SandboxControlClient, type SandboxDepositReceipt } from './sandbox-control.client.js';
import { SandboxPaymentError, SandboxPaymentErrorCode } from './sandbox-payments.errors.js';

export interface PaySandboxDepositCommand {
  readonly transactionId: string;
  // Pay even though the quote expired: the deposit is then refunded as expired, which is what a
  // caller asking for this wants to test.
  readonly late: boolean;
}

// "Pay this transaction" in the sandbox: the sandbox customer wallet pays the partner's
// transaction's deposit target on its simulated chain, as `npm run cli -- sandbox deposit` does.
@Injectable()
export class PaySandboxDepositUseCase {
  constructor(
    private readonly sandbox: SandboxControlClient,
    private readonly targets: DepositTargetReader,
    private readonly clock: Clock,
  ) {}

  async execute(
    partner: PartnerIdentity,
    { transactionId, late }: PaySandboxDepositCommand,
  ): Promise<SandboxDepositReceipt> {
    if (!this.sandbox.available)
      throw new SandboxPaymentError({ code: SandboxPaymentErrorCode.SANDBOX_UNAVAILABLE });
    const target = await this.targets.find(transactionId);
    // Another partner's transaction (or, for a wallet, another user's) is as absent as none.
    const owned =
      target?.partnerId === partner.partnerId &&
      (partner.walletUser === null || partner.walletUser === target.userId);
    if (!target || !owned)
      throw new SandboxPaymentError({ code: SandboxPaymentErrorCode.TRANSACTION_NOT_FOUND });
    if (target.status === TransactionStatus.PAYMENT_EXPIRED)
      throw new SandboxPaymentError({ code: SandboxPaymentErrorCode.TRANSACTION_EXPIRED });
    if (target.status !== TransactionStatus.AWAITING_PAYMENT)
      throw new SandboxPaymentError({ code: SandboxPaymentErrorCode.DEPOSIT_ALREADY_RECEIVED });
    // The transaction still waits for a while after its quote ends (the expiry sweep's grace, for
    // a transfer made in time but seen late), but a transfer made now is refunded as expired.
    if (!late && target.quoteExpiresAt.getTime() <= this.clock.now().getTime()) {
      throw new SandboxPaymentError({
        code: SandboxPaymentErrorCode.QUOTE_EXPIRED,
        quoteExpiresAt: target.quoteExpiresAt,
      });
    }
    const receipt = await this.sandbox.payDeposit(target.paymentContext);
    if (!receipt) throw new SandboxPaymentError({ code: SandboxPaymentErrorCode.DEPOSIT_ALREADY_SENT });
    return receipt;
  }
}
