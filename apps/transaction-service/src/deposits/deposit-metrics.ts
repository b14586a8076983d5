import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Counter, Gauge, Histogram } from 'prom-client';
import { MetricsRegistry } from '@platform/http';
import type { OutboxTransaction } from '@platform/messaging';
import { Blockchain, type PayoutTopics } from '@shared/contracts';
import type { DepositEntity } from './deposit.entity.js';
import { UnmatchedDepositsQuery } from './unmatched-deposits.query.js';

// Deposits on /metrics (dashboard and alerts in k8s/observability):
// - deposits_recorded_total: transfers recorded, by chain, outcome and who reported them,
//   counted once the recording transaction has committed (an unmatched deposit later claimed
//   by reconciliation counts again under its new outcome);
// - deposits_unmatched: transfers that fund no transaction now (GET /ops/deposits/unmatched),
//   read at each scrape. Every replica reports the same count (dashboards and alerts take the
//   max); -1 when it cannot be read;
// - deposit_detection_seconds: from a transfer's confirmation on chain to its recording here,
//   by chain and who reported it (the stream and watchers, a notify, reconciliation).
@Injectable()
export class DepositMetrics implements OnModuleInit {
  private readonly recorded: Counter<'blockchain' | 'outcome' | 'source'>;
  private readonly detection: Histogram<'blockchain' | 'source'>;

  constructor(
    private readonly metrics: MetricsRegistry,
    private readonly unmatched: UnmatchedDepositsQuery,
  ) {
    this.recorded = new Counter({
      name: 'deposits_recorded_total',
      help: 'Deposits recorded, by chain, outcome and source',
      labelNames: ['blockchain', 'outcome', 'source'],
      registers: [metrics.registry],
    });
    this.detection = new Histogram({
      name: 'deposit_detection_seconds',
      help: "From a transfer's confirmation on chain to its recording, by chain and source",
      labelNames: ['blockchain', 'source'],
      buckets: [1, 2, 5, 10, 20, 30, 60, 120, 300, 900],
      registers: [metrics.registry],
    });
  }

  recordedWithin(tx: OutboxTransaction<PayoutTopics>, deposit: DepositEntity): void {
    const { blockchain, outcome, source } = deposit;
    tx.afterCommit(() => {
      this.recorded.inc({ blockchain, outcome, source });
      // A chain clock slightly ahead of ours would make it negative: nothing arrives before it is sent.
      const seconds = (deposit.recordedAt.getTime() - deposit.confirmedAt.getTime()) / 1000;
      this.detection.observe({ blockchain, source }, Math.max(0, seconds));
    });
  }

  onModuleInit(): void {
    const unmatched = this.unmatched;
    new Gauge({
      name: 'deposits_unmatched',
      help: 'Deposits that fund no transaction, by chain (-1: could not be read)',
      labelNames: ['blockchain'],
      registers: [this.metrics.registry],
      async collect() {
        const counts = await unmatched.countByChain().catch(() => null);
        for (const blockchain of Object.values(Blockchain))
          this.set({ blockchain }, counts ? (counts.get(blockchain) ?? 0) : -1);
      },
    });
  }
}
