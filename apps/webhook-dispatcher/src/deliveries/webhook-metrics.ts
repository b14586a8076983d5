import { Injectable } from '@nestjs/common';
import { Counter, Histogram } from 'prom-client';
import { MetricsRegistry } from '@platform/http';
import type { AttemptResult } from '../outbound/webhook-sender.js';

// Webhook attempts by outcome, their latency, and deliveries given up on, on /metrics.
@Injectable()
export class WebhookMetrics {
  private readonly attempts: Counter<'outcome'>;
  private readonly duration: Histogram<'outcome'>;
  private readonly dead: Counter;

  constructor(metrics: MetricsRegistry) {
    const registers = [metrics.registry];
    this.attempts = new Counter({
      name: 'webhook_attempts_total',
      help: 'Webhook HTTP attempts by outcome',
      labelNames: ['outcome'],
      registers,
    });
    this.duration = new Histogram({
      name: 'webhook_attempt_duration_seconds',
      help: 'Webhook HTTP attempt latency by outcome',
      labelNames: ['outcome'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.dead = new Counter({
      name: 'webhook_deliveries_dead_total',
      help: 'Webhook deliveries that failed for the whole retry window',
      registers,
    });
  }

  attempted(result: AttemptResult): void {
    this.attempts.inc({ outcome: result.outcome });
    this.duration.observe({ outcome: result.outcome }, result.durationMs / 1000);
  }

  died(): void {
    this.dead.inc();
  }
}
