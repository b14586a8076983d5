import { continueTrace } from '@platform/logging';
import { Injectable } from '@nestjs/common';
import { decimal } from '@payout/money';
import { TransactionServiceConfig } from '../core/transaction-service.config.js';
import { RecipientVault } from '../transactions/recipient-vault.js';
import { transactionNotFound } from '../core/errors/transaction.errors.js';
import { TransactionsRepository } from '../transactions/transactions.repository.js';
import type { PayoutEntity } from './payout.entity.js';
import { PayoutMetrics } from './payout-metrics.js';
import type { ClaimedPayout } from './payouts.repository.js';
import type { RailPayoutState } from './rail-adapter.js';
import { RailAdapters } from './rail-adapters.js';
import { RecordPayoutOutcomeUseCase } from './record-payout-outcome.use-case.js';

// One step of a payout: send it (always under the same idempotency key, so a resend after a
// timeout or a crash finds the payout the rail already has) or ask the rail how it went.
@Injectable()
export class ProcessPayoutUseCase {
  constructor(
    private readonly transactions: TransactionsRepository,
    private readonly vault: RecipientVault,
    private readonly rails: RailAdapters,
    private readonly recordOutcome: RecordPayoutOutcomeUseCase,
    private readonly config: TransactionServiceConfig,
    private readonly metrics: PayoutMetrics,
  ) {}

  // In the transaction's trace (read with the claim): the worker acts for it.
  async execute({ payout, trace }: ClaimedPayout): Promise<void> {
    await continueTrace(trace, 'process payout', async () => {
      const rail = this.rails.of(payout.rail);
      const { railReference } = payout;
      const state = railReference
        ? await this.metrics.timed(payout.rail, 'status', () => rail.status(railReference))
        : await this.send(payout);
      await this.recordOutcome.execute(payout.transactionId, state);
    });
  }

  private async send(payout: PayoutEntity): Promise<RailPayoutState> {
    const transaction = await this.transactions.findAnyPartner(payout.transactionId);
    if (!transaction) throw transactionNotFound();
    const rail = this.rails.of(payout.rail);
    // A dynamic PIX QR code carries a URL, not a key: nothing a rail can pay.
    const recipientKey = this.vault.open(transaction.id, 'account_number', transaction.accountNumber);
    if (!recipientKey || rail.accountProblem(recipientKey)) {
      return { railReference: null, status: 'FAILED', failureReason: 'INVALID_ACCOUNT' };
    }
    const order = {
      idempotencyKey: `payout-${transaction.id}`,
      reference: transaction.id,
      // Whole pesos go as "400000", not "400000.00".
      amount: decimal(payout.amount).toFixed(),
      currency: payout.currency,
      recipientKey,
      callbackUrl: this.callbackUrl(),
    };
    return this.metrics.timed(payout.rail, 'send', () => rail.send(order));
  }

  private callbackUrl(): string | null {
    const { RAIL_CALLBACK_BASE_URL: base, RAIL_CALLBACK_SECRET: secret } = this.config;
    return base && secret ? new URL(`/rail-callbacks/${encodeURIComponent(secret)}`, base).toString() : null;
  }
}
