import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { PAYMENT_RAILS } from '@payout/rails';
import { MetricsRegistry } from '@platform/http';
import { LOGGER, type Logger } from '@platform/logging';
import type { RailLiquidityView } from '@shared/contracts';
import { Clock } from '@shared/util';
import { TransactionServiceConfig } from '../core/transaction-service.config.js';
import { RailAdapters } from '../payouts/rail-adapters.js';

// Each rail's available balance, asked every RAIL_LIQUIDITY_REFRESH_MS in the background so that
// no request waits on a rail. On /metrics (alert RailLiquidityBelowFloor in k8s/observability):
// - payout_rail_liquidity: the last balance each rail answered, in its currency;
// - payout_rail_liquidity_floor: the operators' floor under it (RAIL_LIQUIDITY_FLOORS).
// A rail that does not answer keeps its last balance, which grows old (observedAt) rather than
// being replaced by a made-up one.
@Injectable()
export class RailLiquidityMonitor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly balances = new Map<string, RailLiquidityView>();
  private timer: NodeJS.Timeout | null = null;
  private readonly available: Gauge;
  private readonly floor: Gauge;

  constructor(
    private readonly rails: RailAdapters,
    private readonly config: TransactionServiceConfig,
    private readonly clock: Clock,
    metrics: MetricsRegistry,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const registers = [metrics.registry];
    this.available = new Gauge({
      name: 'payout_rail_liquidity',
      help: 'What the rail can pay out, in its currency, as it last answered',
      labelNames: ['rail', 'currency'],
      registers,
    });
    this.floor = new Gauge({
      name: 'payout_rail_liquidity_floor',
      help: "The operators' floor under the rail's liquidity (RAIL_LIQUIDITY_FLOORS), in its currency",
      labelNames: ['rail', 'currency'],
      registers,
    });
  }

  // Not awaited: a rail that does not answer must not hold the service's start.
  onApplicationBootstrap(): void {
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.config.RAIL_LIQUIDITY_REFRESH_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  snapshot(): RailLiquidityView[] {
    return [...this.balances.values()];
  }

  async refresh(): Promise<void> {
    await Promise.all(
      Object.values(PAYMENT_RAILS).map(async ({ method }) => {
        try {
          const balance = await this.rails.of(method).balance();
          this.balances.set(method, {
            paymentMethod: method,
            currency: balance.currency,
            available: balance.available,
            observedAt: this.clock.now().toISOString(),
          });
          const labels = { rail: method, currency: balance.currency };
          // A gauge is a double: exact enough to compare with a floor; quotes use the decimal.
          this.available.set(labels, Number(balance.available));
          this.floor.set(labels, Number(this.config.railLiquidityFloorOf(method)));
        } catch (error) {
          this.logger.warn({ err: error, paymentMethod: method }, 'rail balance refresh failed');
        }
      }),
    );
  }
}
