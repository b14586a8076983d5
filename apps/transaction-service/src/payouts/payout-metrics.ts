import { Injectable } from '@nestjs/common';
import { Counter, Histogram } from 'prom-client';
import { MetricsRegistry } from '@platform/http';
import type { OutboxTransaction } from '@platform/messaging';
import { PaymentMethod, type PayoutTopics } from '@shared/contracts';
import type { PayoutEntity } from './payout.entity.js';

const OUTCOMES = ['SUBMITTED', 'SETTLED', 'FAILED'] as const;

// Payouts on /metrics (dashboard and alerts in k8s/observability):
// - payouts_total{rail, outcome}: payouts the rail took (SUBMITTED), paid (SETTLED) or refused
//   (FAILED), each counted once, after its transaction committed;
// - payout_settlement_seconds{rail, outcome}: from the payout's creation (the deposit funded it)
//   to the rail's final answer;
// - payout_rail_request_seconds{rail, operation, result}: each call to a rail (send, status).
@Injectable()
export class PayoutMetrics {
  private readonly outcomes: Counter<'rail' | 'outcome'>;
  private readonly settlement: Histogram<'rail' | 'outcome'>;
  private readonly requests: Histogram<'rail' | 'operation' | 'result'>;

  constructor(metrics: MetricsRegistry) {
    const registers = [metrics.registry];
    this.outcomes = new Counter({
      name: 'payouts_total',
      help: 'Payout outcomes, by rail (PIX, BREB) and outcome (SUBMITTED, SETTLED, FAILED)',
      labelNames: ['rail', 'outcome'],
      registers,
    });
    this.settlement = new Histogram({
      name: 'payout_settlement_seconds',
      help: "From a payout's creation to the rail's final answer, by rail and outcome",
      labelNames: ['rail', 'outcome'],
      buckets: [0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600],
      registers,
    });
    this.requests = new Histogram({
      name: 'payout_rail_request_seconds',
      help: 'Calls to a payout rail, by rail, operation (send, status) and result (ok, error)',
      labelNames: ['rail', 'operation', 'result'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    // Present at 0 from the start, so the first failure is an increase an alert can see.
    for (const rail of Object.values(PaymentMethod))
      for (const outcome of OUTCOMES) this.outcomes.inc({ rail, outcome }, 0);
  }

  // A payout's status changed to `next.status`, in `tx`.
  changedWithin(tx: OutboxTransaction<PayoutTopics>, next: PayoutEntity): void {
    const { rail, status: outcome } = next;
    tx.afterCommit(() => {
      this.outcomes.inc({ rail, outcome });
      if (outcome !== 'SUBMITTED')
        this.settlement.observe(
          { rail, outcome },
          (next.updatedAt.getTime() - next.createdAt.getTime()) / 1000,
        );
    });
  }

  // Times one call to a rail.
  async timed<T>(rail: PaymentMethod, operation: 'send' | 'status', call: () => Promise<T>): Promise<T> {
    const end = this.requests.startTimer({ rail, operation });
    try {
      const answer = await call();
      end({ result: 'ok' });
      return answer;
    } catch (error) {
      end({ result: 'error' });
      throw error;
    }
  }
}
