import { Injectable } from '@nestjs/common';
import { Counter, Gauge } from 'prom-client';
import { MetricsRegistry } from '@platform/http';
import type { PushJobKind } from './push-job.entity.js';
import { PushJobsRepository } from './push-jobs.repository.js';

export type RegistrationGeneration = 'e2ee' | 'legacy';

// Registrations and notifications as the bouncer answered them (per replica, as counters are),
// and the calls still queued (from the table, the same on every replica).
@Injectable()
export class PushMetrics {
  private readonly registrations: Counter<'generation' | 'outcome'>;
  private readonly notifications: Counter<'kind' | 'outcome'>;

  constructor(metrics: MetricsRegistry, jobs: PushJobsRepository) {
    this.registrations = new Counter({
      name: 'chat_push_registrations_total',
      help: 'Push device registrations the bouncer answered, by generation and outcome',
      labelNames: ['generation', 'outcome'],
      registers: [metrics.registry],
    });
    this.notifications = new Counter({
      name: 'chat_push_notifications_total',
      help: 'Push notifications (new messages and removals) sent to the bouncer or given up',
      labelNames: ['kind', 'outcome'],
      registers: [metrics.registry],
    });
    new Gauge({
      name: 'chat_push_jobs_queued',
      help: 'Calls to the push bouncer still to make, by kind',
      labelNames: ['kind'],
      registers: [metrics.registry],
      async collect() {
        this.reset();
        for (const { kind, count } of await jobs.countByKind()) this.set({ kind }, count);
      },
    });
  }

  registered(generation: RegistrationGeneration, outcome: 'registered' | 'failed'): void {
    this.registrations.inc({ generation, outcome });
  }

  notified(kind: Extract<PushJobKind, 'message' | 'remove'>, outcome: 'sent' | 'failed'): void {
    this.notifications.inc({ kind, outcome });
  }
}
