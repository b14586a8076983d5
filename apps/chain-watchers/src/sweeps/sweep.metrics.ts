import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { MetricsRegistry } from '@platform/http';
import { Clock } from '@shared/util';
import { ChainAdapters } from '../core/chains/chain-adapters.js';
import { SweepsRepository, type SweepBacklog } from './sweeps.repository.js';

// The sweep backlog on /metrics (alert SweepBacklogStale in k8s/observability), read from the
// tables at each scrape, so every replica reports the same figures (alerts take the max):
// - sweep_backlog: due deposit accounts no sweep holds yet, per chain;
// - sweep_oldest_due_seconds: how long the oldest unswept deposit has waited (its account due,
//   or the oldest open sweep), per chain; 0 when nothing waits.
// Both read -1 when the tables cannot be read.
@Injectable()
export class SweepMetrics {
  // One read serves both gauges of a scrape (each collects on its own, side by side).
  private reading: Promise<SweepBacklog[] | null> | null = null;

  constructor(
    metrics: MetricsRegistry,
    private readonly adapters: ChainAdapters,
    private readonly sweeps: SweepsRepository,
    private readonly clock: Clock,
  ) {
    const set = (gauge: Gauge<'blockchain'>, value: (chain: SweepBacklog) => number) =>
      this.collect(gauge, value);
    new Gauge({
      name: 'sweep_backlog',
      help: 'Due deposit accounts no sweep holds yet, by chain (-1: unreadable)',
      labelNames: ['blockchain'],
      registers: [metrics.registry],
      collect() {
        return set(this, ({ due }) => due);
      },
    });
    new Gauge({
      name: 'sweep_oldest_due_seconds',
      help: 'Age in seconds of the oldest deposit not swept yet, by chain (-1: unreadable)',
      labelNames: ['blockchain'],
      registers: [metrics.registry],
      collect() {
        return set(this, ({ oldestAgeSeconds }) => oldestAgeSeconds);
      },
    });
  }

  private async collect(gauge: Gauge<'blockchain'>, value: (chain: SweepBacklog) => number): Promise<void> {
    this.reading ??= this.sweeps
      .backlog(this.clock.now())
      .catch(() => null)
      .finally(() => setTimeout(() => (this.reading = null), 0));
    const rows = await this.reading;
    for (const { blockchain } of this.adapters.withDepositAccounts()) {
      const row = rows?.find((candidate) => candidate.blockchain === blockchain);
      gauge.set({ blockchain }, rows ? (row ? value(row) : 0) : -1);
    }
  }
}
