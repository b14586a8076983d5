import { Injectable } from '@nestjs/common';
import { decimal } from '@payout/money';
import { transactionNotFound } from '../core/errors/transaction.errors.js';
import { mayActFor, type TransactionCaller } from '../core/transaction-caller.js';
import { isTransactionId } from '../transactions/transaction-id.js';
import { transactionSummaryOf } from '../transactions/transaction-summary.js';
import { transactionTermsOf } from '../transactions/transaction-terms.js';
import type { TransactionTimelineResponseDto } from '../transactions/transaction-timeline.response.dto.js';
import type { TransactionTimelines } from '../transactions/transaction-timelines.port.js';
import { TransactionTimelineQuery } from './transaction-timeline.query.js';

const exact = (amount: string) => decimal(amount).toFixed();

// A transaction's page in the console: what happened to it, in order. Answers 404 as
// GET /transaction/{id} does (malformed id, another partner's, another wallet user's).
@Injectable()
export class TransactionTimelineView implements TransactionTimelines {
  constructor(private readonly query: TransactionTimelineQuery) {}

  async of(caller: TransactionCaller, id: string): Promise<TransactionTimelineResponseDto> {
    const history = isTransactionId(id) ? await this.query.forPartner(caller.partnerId, id) : null;
    if (!history || !mayActFor(caller, history.transaction.userId)) throw transactionNotFound();
    const { transaction, journal, deposits, payout, refunds } = history;
    return {
      transaction: transactionSummaryOf(transaction),
      terms: transactionTermsOf(transaction),
      amountReceived:
        deposits.length === 0
          ? null
          : deposits.reduce((sum, deposit) => sum.plus(decimal(deposit.amount)), decimal(0)).toFixed(),
      journal: journal.map((entry) => ({
        sequence: entry.sequence,
        change: entry.change,
        fromStatus: entry.fromStatus,
        toStatus: entry.toStatus,
        occurredAt: entry.occurredAt.toISOString(),
      })),
      deposits: deposits.map((deposit) => ({
        onChainTx: deposit.onChainTx,
        amount: exact(deposit.amount),
        sender: deposit.sender,
        outcome: deposit.outcome,
        // A transfer was confirmed before it was recorded here, whatever its block's clock says
        // (within the watchers' tolerance it may run ahead): the timeline lists it in the order
        // things happened, before the status change it caused.
        confirmedAt: new Date(
          Math.min(deposit.confirmedAt.getTime(), deposit.recordedAt.getTime()),
        ).toISOString(),
      })),
      payout: payout && {
        status: payout.status,
        amount: exact(payout.amount),
        currency: payout.currency,
        railReference: payout.railReference,
        failureReason: payout.failureReason,
        attempts: payout.attempts,
        updatedAt: payout.updatedAt.toISOString(),
      },
      refunds: refunds.map((refund) => ({
        status: refund.status,
        amount: exact(refund.amount),
        destination: refund.destination,
        reason: refund.reason,
        onChainTx: refund.onChainTx,
        requestedAt: refund.requestedAt.toISOString(),
        settledAt: refund.settledAt?.toISOString() ?? null,
      })),
    };
  }
}
