import { Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import { MetricsRegistry } from '@platform/http';
import type { Blockchain } from '@shared/contracts';
import type { RescanReason } from './deposit-cursor.js';

// What keeps the deposit watch from going blind, on /metrics (alerts in k8s/observability):
// - deposit_watch_rescans_total: passes that did not trust their cursor (ahead of the chain's
//   head, or a block the chain no longer has) and read again from a safe point;
// - deposit_look_back_found_total: transfers the look-back found that the watch had missed;
// - deposit_block_time_ahead_total: transfers whose block time was further ahead of this
//   service's clock than BLOCK_TIME_TOLERANCE_MS, recorded at the time they were observed.
@Injectable()
export class DepositWatchMetrics {
  private readonly rescans: Counter<'blockchain' | 'reason'>;
  private readonly lookBackFound: Counter<'blockchain'>;
  private readonly blockTimeAhead: Counter<'blockchain'>;

  constructor(metrics: MetricsRegistry) {
    const registers = [metrics.registry];
    this.rescans = new Counter({
      name: 'deposit_watch_rescans_total',
      help: 'Deposit watch passes that rescanned from a safe point, by chain and reason',
      labelNames: ['blockchain', 'reason'],
      registers,
    });
    this.lookBackFound = new Counter({
      name: 'deposit_look_back_found_total',
      help: 'Transfers the look-back pass found that the watch had missed, by chain',
      labelNames: ['blockchain'],
      registers,
    });
    this.blockTimeAhead = new Counter({
      name: 'deposit_block_time_ahead_total',
      help: "Transfers whose block time was ahead of this service's clock beyond the tolerance, by chain",
      labelNames: ['blockchain'],
      registers,
    });
  }

  rescanned(blockchain: Blockchain, reason: RescanReason): void {
    this.rescans.inc({ blockchain, reason });
  }

  foundByLookBack(blockchain: Blockchain, count: number): void {
    if (count > 0) this.lookBackFound.inc({ blockchain }, count);
  }

  blockTimeAheadOfClock(blockchain: Blockchain): void {
    this.blockTimeAhead.inc({ blockchain });
  }
}
