import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { continueTrace, LOGGER, type Logger } from '@platform/logging';
import { TransactionalOutbox } from '@platform/messaging';
import { PayoutTopic, type PayoutTopics } from '@shared/contracts';
import { Clock, IdGenerator, RecurringPass } from '@shared/util';
import { ChainWatchersConfig } from '../core/chain-watchers.config.js';
import { ChainAdapters } from '../core/chains/chain-adapters.js';
import { RefundRefusedError } from '../core/chains/refund-refused.error.js';
import type { ChainVerdict } from '../core/chains/signed-chain-transaction.js';
import { ChainRegistry } from '../core/upstreams/chain-registry.js';
import type { RefundAttemptEntity } from './refund-attempt.entity.js';
import { refundEventKey } from './refund-event-key.js';
import type { RefundEntity } from './refund.entity.js';
import { RefundsRepository } from './refunds.repository.js';

const BATCH = 20;

// The one refund sender of every chain (the chain's adapter signs and broadcasts). Moves open
// refunds forward, one at a time: a refund with a pending attempt is looked up by
// hash and, while that attempt can still land, rebroadcast as signed; only an attempt that can
// never land is replaced by a newly signed one. Every attempt is committed before it is
// broadcast, so an ambiguous broadcast or a crash is resolved by lookup, never by signing twice.
// Replicas share the work through a lease on the refund row.
@Injectable()
export class RefundWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly passes = new RecurringPass(
    () => this.pass(),
    (error) => this.logger.error({ err: error }, 'refund pass failed'),
  );

  constructor(
    private readonly refunds: RefundsRepository,
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<PayoutTopics>,
    private readonly adapters: ChainAdapters,
    private readonly registry: ChainRegistry,
    private readonly config: ChainWatchersConfig,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.passes.start(this.config.REFUND_RETRY_INTERVAL_MS, { runNow: true });
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.passes.stop();
  }

  kick(): void {
    this.passes.kick();
  }

  private async pass(): Promise<void> {
    const open = await this.refunds.oldestOpen(BATCH);
    for (const refund of open) {
      if (this.passes.stopped) return;
      if (!(await this.lease(refund))) continue;
      try {
        // In the trace it was requested in (its transaction's, or the operator's request).
        await continueTrace(refund, 'send refund', () => this.advance(refund));
      } catch (error) {
        this.logger.warn({ err: error, refundId: refund.refundId }, 'refund not settled yet; retried later');
      } finally {
        await this.refunds.releaseLease(refund.refundId);
      }
    }
  }

  private async lease(refund: RefundEntity): Promise<boolean> {
    const now = this.clock.now();
    return this.refunds.lease(refund.refundId, now, new Date(now.getTime() + this.config.REFUND_LEASE_MS));
  }

  private async advance(refund: RefundEntity): Promise<void> {
    const { hotWallet, broadcaster: sender } = this.adapters.of(refund.blockchain);
    if (!hotWallet.address) {
      this.logger.error(
        { refundId: refund.refundId, blockchain: refund.blockchain },
        'no refund hot-wallet key',
      );
      return;
    }
    const pending = await this.refunds.pendingAttempt(refund.refundId);
    if (pending) {
      const verdict = await sender.lookup(pending);
      if (verdict.kind === 'landed' || verdict.kind === 'failed') return this.apply(refund, pending, verdict);
      if (await sender.canStillLand(pending))
        return this.apply(refund, pending, await sender.broadcast(pending));
      await this.refunds.expireAttempt(pending.id);
    }
    // Accepted before requests named their deposit: nothing ties it to money this service
    // received, so no new transfer is signed for it (one already pending was resolved above).
    if (refund.depositOnChainTx === null)
      return this.settle(refund, null, 'FAILED', 'refund not linked to a recorded deposit');
    const asset = (await this.registry.chain(refund.blockchain)).assets.find(
      ({ cryptoCurrency }) => cryptoCurrency === refund.cryptoCurrency,
    );
    if (!asset) throw new Error(`no active ${refund.cryptoCurrency} on ${refund.blockchain}`);
    let signed;
    try {
      signed = await hotWallet.signTransfer(refund, asset);
    } catch (error) {
      if (error instanceof RefundRefusedError) return this.settle(refund, null, 'FAILED', error.message);
      throw error;
    }
    const attempt = await this.refunds.saveAttempt({
      id: this.ids.uuid(),
      refundId: refund.refundId,
      attempt: (await this.refunds.countAttempts(refund.refundId)) + 1,
      signedPayload: signed.payload,
      txHash: signed.hash,
      validUntil: signed.validUntil ?? null,
      lastValidBlockHeight:
        signed.lastValidBlockHeight === undefined ? null : String(signed.lastValidBlockHeight),
      nonce: signed.nonce === undefined ? null : String(signed.nonce),
      state: 'PENDING',
      createdAt: this.clock.now(),
    });
    await this.apply(refund, attempt, await sender.broadcast(attempt));
  }

  // Unknown and ambiguous outcomes leave the attempt pending for the next pass.
  private async apply(
    refund: RefundEntity,
    attempt: RefundAttemptEntity,
    verdict: ChainVerdict,
  ): Promise<void> {
    if (verdict.kind === 'landed') return this.settle(refund, attempt, 'SENT', null);
    if (verdict.kind === 'failed') return this.settle(refund, attempt, 'FAILED', verdict.reason);
    this.logger.warn(
      { refundId: refund.refundId, txHash: attempt.txHash, outcome: verdict.kind },
      'refund outcome unknown',
    );
  }

  private async settle(
    refund: RefundEntity,
    attempt: RefundAttemptEntity | null,
    status: 'SENT' | 'FAILED',
    reason: string | null,
  ): Promise<void> {
    const settledAt = this.clock.now();
    const onChainTx = status === 'SENT' ? attempt!.txHash : null;
    await this.outbox.run(async (tx) => {
      const settled = await this.refunds.settle(tx, refund.refundId, {
        status,
        onChainTx,
        failureReason: reason,
        settledAt,
      });
      if (!settled) return;
      if (attempt) await this.refunds.markAttempt(tx, attempt.id, status === 'SENT' ? 'LANDED' : 'FAILED');
      await tx.publish(
        PayoutTopic.RefundSettled,
        {
          refundId: refund.refundId,
          transactionId: refund.transactionId,
          blockchain: refund.blockchain,
          status,
          onChainTx,
          reason,
          settledAt: settledAt.toISOString(),
        },
        { key: refundEventKey(refund) },
      );
      const { refundId, transactionId, blockchain } = refund;
      tx.afterCommit(() =>
        this.logger.info(
          { refundId, transactionId, blockchain, status, onChainTx, reason },
          'refund settled',
        ),
      );
    });
  }
}
