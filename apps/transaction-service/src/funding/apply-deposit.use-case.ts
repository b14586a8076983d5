import { Inject, Injectable } from '@nestjs/common';
import { continueTrace, LOGGER, type Logger } from '@platform/logging';
import type { OutboxTransaction } from '@platform/messaging';
import { decimal } from '@payout/money';
import { chainRail } from '@payout/rails';
import { TransactionStatus, type DepositDetectedV1, type PayoutTopics } from '@shared/contracts';
import { Clock, IdGenerator } from '@shared/util';
import { PayoutScheduler } from '../payouts/payout-scheduler.js';
import { RefundRequests } from '../refunds/refund-requests.js';
import { refundSummary } from '../refunds/refund-summary.js';
import type { RefundEntity, RefundReason } from '../refunds/refund.entity.js';
import type { TransactionEntity } from '../transactions/transaction.entity.js';
import { TransactionsRepository } from '../transactions/transactions.repository.js';
import { TransitionTransactionUseCase } from '../transactions/transition-transaction.use-case.js';
import type { DepositEntity, DepositOutcome, DepositSource } from '../deposits/deposit.entity.js';
import { DepositMetrics } from '../deposits/deposit-metrics.js';
import { DepositsRepository } from '../deposits/deposits.repository.js';
import { decideFunding, type FundingDecision } from './funding-decision.js';

export type ApplyDepositResult =
  // The transfer now belongs to the transaction (`applied`), or already did (`already_applied`).
  | { readonly kind: 'applied' | 'already_applied'; readonly transactionId: string }
  // It funds another transaction already.
  | { readonly kind: 'taken' }
  // The transaction it was reported for cannot take it (nothing written).
  | { readonly kind: 'refused'; readonly reason: string }
  // Nobody could be matched: recorded for operations.
  | { readonly kind: 'unmatched'; readonly reason: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Applicable = Exclude<FundingDecision, { kind: 'refuse' }>;

const OUTCOME: Readonly<Record<Applicable['kind'], DepositOutcome>> = {
  fund: 'FUNDED',
  wrong_amount: 'WRONG_AMOUNT',
  expired: 'EXPIRED',
  refund_only: 'REFUNDED',
};

// Applies one reported transfer (stream, notify, reconciliation, or an operator's assignment of a
// held one) in the caller's database transaction: matches it to a transaction, records it (one
// transfer, one transaction, whatever the interleaving), moves the transaction and asks for the
// refunds the funding rules call for.
@Injectable()
export class ApplyDepositUseCase {
  constructor(
    private readonly deposits: DepositsRepository,
    private readonly transactions: TransactionsRepository,
    private readonly transition: TransitionTransactionUseCase,
    private readonly refunds: RefundRequests,
    private readonly payouts: PayoutScheduler,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly metrics: DepositMetrics,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  // `transactionId`: who the transfer was reported for (notify, reconcile) or assigned to (an
  // operator); null lets the Stellar memo decide. A refusal is recorded as unmatched only for
  // stream reports (any other caller gets the reason instead and may fix the report).
  async within(
    tx: OutboxTransaction<PayoutTopics>,
    transfer: DepositDetectedV1,
    source: DepositSource,
    transactionId: string | null,
  ): Promise<ApplyDepositResult> {
    const targetId = transactionId ?? transfer.transactionId ?? (await this.byMemo(tx, transfer));
    const target =
      targetId && UUID.test(targetId) ? await this.transactions.lockForChange(tx, targetId) : null;
    if (!target) {
      const reason = transfer.memo
        ? `The memo ${transfer.memo} matches no transaction`
        : 'The transfer carries no memo';
      return this.unmatched(tx, transfer, source, reason);
    }
    // A transfer that is not this transaction's (another address, chain or token, or made before
    // it) is refused for that reason first, whoever it already funds: on Solana and Celo, where
    // every transaction has its own address, that is why another transaction's transfer is not
    // this one's. An operator assigning a held transfer names its transaction instead.
    const decision = decideFunding(
      target,
      transfer,
      source === 'OPERATOR' ? 'by_operator' : 'by_destination',
    );
    if (decision.kind === 'refuse') {
      if (source !== 'STREAM') return { kind: 'refused', reason: decision.reason };
      return this.unmatched(tx, transfer, source, `${decision.reason} (transaction ${target.id})`);
    }
    return continueTrace(target, 'apply deposit', () => this.record(tx, transfer, source, target, decision));
  }

  // Records the transfer for `target` and applies it, in the transaction's own trace (however
  // the transfer was reported): its deposit, payout and refunds belong to that trace.
  private async record(
    tx: OutboxTransaction<PayoutTopics>,
    transfer: DepositDetectedV1,
    source: DepositSource,
    target: TransactionEntity,
    decision: Applicable,
  ): Promise<ApplyDepositResult> {
    const existing = await this.deposits.findByTransfer(tx, transfer);
    if (existing?.transactionId) return this.alreadyRecorded(existing, target.id);
    // A held transfer an operator sent back funds nothing any more.
    if (existing && existing.outcome !== 'UNMATCHED') {
      return { kind: 'refused', reason: 'The transfer was refunded by an operator' };
    }
    const deposit = this.depositOf(transfer, source, target.id, OUTCOME[decision.kind], null);
    const recorded = existing
      ? await this.deposits.claim(tx, existing.id, target.id, deposit.outcome, source)
      : await this.deposits.insertIfNew(tx, deposit);
    if (!recorded) return this.alreadyRecorded(await this.deposits.findByTransfer(tx, transfer), target.id);
    this.metrics.recordedWithin(tx, deposit);
    this.logRecorded(tx, deposit);
    await this.apply(tx, target, existing ? { ...deposit, id: existing.id } : deposit, decision);
    return { kind: 'applied', transactionId: target.id };
  }

  private async apply(
    tx: OutboxTransaction<PayoutTopics>,
    target: TransactionEntity,
    deposit: DepositEntity,
    decision: Applicable,
  ): Promise<void> {
    const cause = `deposit:${deposit.blockchain}:${deposit.onChainTx}:${deposit.transferIndex}`;
    // The refund a move calls for is requested first, so the move's one event carries it.
    const move = (to: TransactionStatus, askedFor: RefundEntity | null = null) =>
      this.transition.within(tx, {
        transactionId: target.id,
        to,
        idempotencyKey: cause,
        onChainTxHash: deposit.onChainTx,
        refund: askedFor && refundSummary(askedFor),
      });
    const refund = (amount: string, reason: RefundReason) =>
      this.refunds.request(tx, target.id, deposit, amount, reason);
    const whole = decimal(deposit.amount).toFixed();
    switch (decision.kind) {
      case 'fund': {
        const excess = decision.excess ? await refund(decision.excess, 'EXCESS') : null;
        await this.payouts.schedule(
          tx,
          (await move(TransactionStatus.PROCESSING_PAYMENT, excess)).transaction,
        );
        return;
      }
      case 'wrong_amount':
        await move(TransactionStatus.WRONG_AMOUNT, await refund(whole, 'WRONG_AMOUNT'));
        return;
      case 'expired':
        await move(TransactionStatus.PAYMENT_EXPIRED, await refund(whole, 'EXPIRED'));
        return;
      case 'refund_only':
        await refund(whole, decision.refundReason);
        return;
    }
  }

  private logRecorded(tx: OutboxTransaction<PayoutTopics>, deposit: DepositEntity): void {
    const { transactionId, blockchain, onChainTx, transferIndex, amount, cryptoCurrency, outcome, source } =
      deposit;
    tx.afterCommit(() =>
      this.logger.info(
        { transactionId, blockchain, onChainTx, transferIndex, amount, cryptoCurrency, outcome, source },
        'deposit recorded',
      ),
    );
  }

  private alreadyRecorded(existing: DepositEntity | null, transactionId: string): ApplyDepositResult {
    return existing?.transactionId === transactionId
      ? { kind: 'already_applied', transactionId }
      : { kind: 'taken' };
  }

  private async unmatched(
    tx: OutboxTransaction<PayoutTopics>,
    transfer: DepositDetectedV1,
    source: DepositSource,
    reason: string,
  ): Promise<ApplyDepositResult> {
    const deposit = this.depositOf(transfer, source, null, 'UNMATCHED', reason);
    if (await this.deposits.insertIfNew(tx, deposit)) {
      this.metrics.recordedWithin(tx, deposit);
      this.logRecorded(tx, deposit);
    }
    return { kind: 'unmatched', reason };
  }

  private byMemo(tx: OutboxTransaction<PayoutTopics>, transfer: DepositDetectedV1): Promise<string | null> {
    if (chainRail(transfer.blockchain).binding !== 'memo' || !transfer.memo) return Promise.resolve(null);
    return this.deposits.findTransactionIdByReference(tx, transfer.memo);
  }

  private depositOf(
    transfer: DepositDetectedV1,
    source: DepositSource,
    transactionId: string | null,
    outcome: DepositOutcome,
    note: string | null,
  ): DepositEntity {
    return {
      id: this.ids.uuid(),
      blockchain: transfer.blockchain,
      onChainTx: transfer.onChainTx,
      transferIndex: transfer.transferIndex,
      transactionId,
      cryptoCurrency: transfer.cryptoCurrency,
      asset: transfer.asset,
      depositAddress: transfer.depositAddress,
      sender: transfer.sender,
      amount: decimal(transfer.amount).toFixed(),
      memo: transfer.memo,
      outcome,
      note,
      source,
      confirmedAt: new Date(transfer.confirmedAt),
      recordedAt: this.clock.now(),
    };
  }
}
