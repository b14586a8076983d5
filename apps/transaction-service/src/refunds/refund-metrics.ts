import { Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import { MetricsRegistry } from '@platform/http';
import type { OutboxTransaction } from '@platform/messaging';
import { Blockchain, REFUND_REASONS, type PayoutTopics } from '@shared/contracts';
import type { RefundEntity } from './refund.entity.js';

// Refunds asked of chain-watchers and their outcomes, on /metrics (dashboard and alerts in
// k8s/observability). Counted once the refund's transaction has committed, so a rolled-back or
// retried attempt counts nothing.
@Injectable()
export class RefundMetrics {
  private readonly requested: Counter<'blockchain' | 'reason'>;
  private readonly settled: Counter<'blockchain' | 'status' | 'reason'>;

  constructor(metrics: MetricsRegistry) {
    const registers = [metrics.registry];
    this.requested = new Counter({
      name: 'refunds_requested_total',
      help: 'Refunds requested from chain-watchers, by chain and reason',
      labelNames: ['blockchain', 'reason'],
      registers,
    });
    this.settled = new Counter({
      name: 'refunds_settled_total',
      help: 'Refund outcomes reported by chain-watchers, by chain, status (SENT or FAILED) and reason',
      labelNames: ['blockchain', 'status', 'reason'],
      registers,
    });
    // Present at 0 from the start, so the first failure is an increase an alert can see.
    for (const blockchain of Object.values(Blockchain))
      for (const status of ['SENT', 'FAILED'])
        for (const reason of REFUND_REASONS) this.settled.inc({ blockchain, status, reason }, 0);
  }

  requestedWithin(tx: OutboxTransaction<PayoutTopics>, refund: RefundEntity): void {
    tx.afterCommit(() => this.requested.inc({ blockchain: refund.blockchain, reason: refund.reason }));
  }

  settledWithin(tx: OutboxTransaction<PayoutTopics>, refund: RefundEntity): void {
    const { blockchain, status, reason } = refund;
    tx.afterCommit(() => this.settled.inc({ blockchain, status, reason }));
  }
}
