import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import type { OutboxTransaction } from '@platform/messaging';
import { PayoutTopic, type PayoutTopics } from '@shared/contracts';
import { decimal } from '@payout/money';
import { Clock, IdGenerator } from '@shared/util';
import type { DepositEntity } from '../deposits/deposit.entity.js';
import type { RefundEntity, RefundReason } from './refund.entity.js';
import { RefundMetrics } from './refund-metrics.js';
import { RefundsRepository } from './refunds.repository.js';

// Asks chain-watchers to send crypto back to a deposit's sender (or, for a held transfer, where an
// operator named): the refund row and its `chain.refund.requested.v1` event commit together, once
// per deposit and reason. A refund is not a change of its transaction's status: it is neither
// journaled nor announced by itself (one status change, one journal row, one webhook). The status
// change that calls for it carries it (`refund` of that change's event); the timeline lists it.
@Injectable()
export class RefundRequests {
  constructor(
    private readonly refunds: RefundsRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly metrics: RefundMetrics,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  // Part or all of a transaction's deposit back to its sender, as the funding or payout rules say:
  // the refund, or null when this deposit's refund for this reason was asked already.
  request(
    tx: OutboxTransaction<PayoutTopics>,
    transactionId: string,
    deposit: DepositEntity,
    amount: string,
    reason: RefundReason,
  ): Promise<RefundEntity | null> {
    return this.send(
      tx,
      deposit,
      this.refundOf(deposit, transactionId, amount, reason, deposit.sender),
      null,
    );
  }

  // A held transfer (one that funds no transaction) back whole, as an operator asked: to its
  // sender, or to `destination` when `namedBy` (the operator) named another address.
  requestHeld(
    tx: OutboxTransaction<PayoutTopics>,
    deposit: DepositEntity,
    destination: string,
    namedBy: string | null,
  ): Promise<RefundEntity | null> {
    const amount = decimal(deposit.amount).toFixed();
    return this.send(tx, deposit, this.refundOf(deposit, null, amount, 'UNMATCHED', destination), namedBy);
  }

  private refundOf(
    deposit: DepositEntity,
    transactionId: string | null,
    amount: string,
    reason: RefundReason,
    destination: string,
  ): RefundEntity {
    return {
      id: this.ids.uuid(),
      transactionId,
      depositId: deposit.id,
      blockchain: deposit.blockchain,
      cryptoCurrency: deposit.cryptoCurrency,
      destination,
      amount,
      reason,
      status: 'REQUESTED',
      onChainTx: null,
      failureReason: null,
      requestedAt: this.clock.now(),
      settledAt: null,
    };
  }

  private async send(
    tx: OutboxTransaction<PayoutTopics>,
    deposit: DepositEntity,
    refund: RefundEntity,
    destinationNamedBy: string | null,
  ): Promise<RefundEntity | null> {
    if (!(await this.refunds.insertIfNew(tx, refund))) return null;
    await tx.publish(
      PayoutTopic.RefundRequested,
      {
        refundId: refund.id,
        transactionId: refund.transactionId,
        blockchain: refund.blockchain,
        cryptoCurrency: refund.cryptoCurrency,
        destination: refund.destination,
        amount: refund.amount,
        reason: refund.reason,
        depositOnChainTx: deposit.onChainTx,
        depositTransferIndex: deposit.transferIndex,
        ...(destinationNamedBy ? { destinationNamedBy } : {}),
      },
      // A held transfer's refund has no transaction: it stays in order with its deposit's events.
      { key: refund.transactionId ?? deposit.onChainTx },
    );
    this.metrics.requestedWithin(tx, refund);
    const { id: refundId, transactionId, blockchain, amount, reason } = refund;
    tx.afterCommit(() =>
      this.logger.info(
        { transactionId, refundId, blockchain, amount, reason, depositOnChainTx: deposit.onChainTx },
        'refund requested',
      ),
    );
    return refund;
  }
}
