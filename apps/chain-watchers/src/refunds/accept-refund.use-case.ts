import { Inject, Injectable } from '@nestjs/common';
import { currentTraceCarrier, LOGGER, type Logger } from '@platform/logging';
import type { OutboxTransaction } from '@platform/messaging';
import {
  Blockchain,
  CryptoCurrency,
  PayoutTopic,
  REFUND_REASONS,
  type PayoutTopics,
  type RefundRequestedV1,
} from '@shared/contracts';
import { Clock } from '@shared/util';
import { refundEventKey } from './refund-event-key.js';
import { isPositiveAmount, namesDeposit, refundRefusal } from './refund-policy.js';
import { RefundWorker } from './refund-worker.js';
import type { RefundEntity } from './refund.entity.js';
import { RefundsRepository } from './refunds.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Records a requested refund once per refundId (in the consumer's transaction, with its inbox
// row) and wakes the worker once that is committed — but only a refund of a deposit this service
// recorded, to its sender (or, for a held transfer, where an operator named), within what the
// deposit has left. Any other request is kept FAILED
// with its reason and announced so (transaction-service records the failure and operations are
// alerted); nothing is signed for it.
@Injectable()
export class AcceptRefundUseCase {
  constructor(
    private readonly refunds: RefundsRepository,
    private readonly worker: RefundWorker,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async within(tx: OutboxTransaction<PayoutTopics>, request: RefundRequestedV1): Promise<void> {
    // A request the table cannot even hold is retried and dead-lettered by the consumer host.
    const malformed = malformation(request);
    if (malformed) throw new Error(`malformed refund request: ${malformed}`);
    const linked = namesDeposit(request);
    const refusal = linked
      ? refundRefusal(
          request,
          await this.refunds.lockRecordedDeposit(
            tx,
            request.blockchain,
            request.depositOnChainTx,
            request.depositTransferIndex,
          ),
        )
      : 'refund request names no deposit';
    const now = this.clock.now();
    const refund: RefundEntity = {
      refundId: request.refundId,
      transactionId: request.transactionId,
      blockchain: request.blockchain,
      cryptoCurrency: request.cryptoCurrency,
      destination: request.destination,
      amount: isPositiveAmount(request.amount) ? request.amount : '0',
      depositOnChainTx: linked ? request.depositOnChainTx : null,
      depositTransferIndex: linked ? request.depositTransferIndex : null,
      reason: request.reason,
      status: refusal ? 'FAILED' : 'REQUESTED',
      onChainTx: null,
      failureReason: refusal,
      requestedAt: now,
      settledAt: refusal ? now : null,
      leasedUntil: null,
      // The consumer's span: the trace the request was published in.
      traceparent: currentTraceCarrier().traceparent ?? null,
    };
    if (!(await this.refunds.insertIfNew(tx, refund))) return;
    if (!refusal) {
      tx.afterCommit(() => this.worker.kick());
      return;
    }
    this.logger.error(
      {
        refundId: refund.refundId,
        transactionId: refund.transactionId,
        blockchain: refund.blockchain,
        depositOnChainTx: refund.depositOnChainTx,
        reason: refusal,
      },
      'refund request refused: nothing sent',
    );
    await tx.publish(
      PayoutTopic.RefundSettled,
      {
        refundId: refund.refundId,
        transactionId: refund.transactionId,
        blockchain: refund.blockchain,
        status: 'FAILED',
        onChainTx: null,
        reason: refusal,
        settledAt: now.toISOString(),
      },
      { key: refundEventKey(refund) },
    );
  }
}

// What makes a request impossible to record at all (the event is untrusted JSON).
function malformation(request: RefundRequestedV1): string | null {
  if (typeof request.refundId !== 'string' || !UUID.test(request.refundId)) return 'refundId';
  // Null: a held transfer's refund, which funds no transaction.
  if (
    request.transactionId !== null &&
    (typeof request.transactionId !== 'string' || !UUID.test(request.transactionId))
  )
    return 'transactionId';
  if (!Object.values<string>(Blockchain).includes(request.blockchain)) return 'blockchain';
  if (!Object.values<string>(CryptoCurrency).includes(request.cryptoCurrency)) return 'cryptoCurrency';
  if (typeof request.destination !== 'string' || request.destination.length > 120) return 'destination';
  if (typeof request.amount !== 'string' || request.amount.length > 60) return 'amount';
  if (!(REFUND_REASONS as readonly string[]).includes(request.reason)) return 'reason';
  return null;
}
