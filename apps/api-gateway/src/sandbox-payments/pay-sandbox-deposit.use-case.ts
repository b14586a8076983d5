import { Injectable } from '@nestjs/common';
import { type PartnerIdentity, TransactionStatus } from '@shared/contracts';
import { DepositTargetReader } from './deposit-target.reader.js';
import { SandboxControlClient, type SandboxDepositReceipt } from './sandbox-control.client.js';
import { SandboxPaymentError, SandboxPaymentErrorCode } from './sandbox-payments.errors.js';

// "Pay this transaction" in the sandbox: the sandbox customer wallet pays the partner's
// transaction's deposit target on its simulated chain, as `npm run cli -- sandbox deposit` does.
@Injectable()
export class PaySandboxDepositUseCase {
  constructor(
    private readonly sandbox: SandboxControlClient,
    private readonly targets: DepositTargetReader,
  ) {}

  async execute(partner: PartnerIdentity, transactionId: string): Promise<SandboxDepositReceipt> {
    if (!this.sandbox.available) throw new SandboxPaymentError(SandboxPaymentErrorCode.SANDBOX_UNAVAILABLE);
    const target = await this.targets.find(transactionId);
    // Another partner's transaction (or, for a wallet, another user's) is as absent as none.
    const owned =
      target?.partnerId === partner.partnerId &&
      (partner.walletUser === null || partner.walletUser === target.userId);
    if (!target || !owned) throw new SandboxPaymentError(SandboxPaymentErrorCode.TRANSACTION_NOT_FOUND);
    if (target.status === TransactionStatus.PAYMENT_EXPIRED)
      throw new SandboxPaymentError(SandboxPaymentErrorCode.TRANSACTION_EXPIRED);
    if (target.status !== TransactionStatus.AWAITING_PAYMENT)
      throw new SandboxPaymentError(SandboxPaymentErrorCode.DEPOSIT_ALREADY_RECEIVED);
    const receipt = await this.sandbox.payDeposit(target.paymentContext);
    if (!receipt) throw new SandboxPaymentError(SandboxPaymentErrorCode.DEPOSIT_ALREADY_SENT);
    return receipt;
  }
}
