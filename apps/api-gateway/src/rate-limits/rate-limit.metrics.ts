import { Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import { MetricsRegistry } from '@platform/http';

// rate_limited_total{class}: requests answered 429 by a partner's limit of a route class, or
// (class="failed_authentication") by their client address's failed authentications.
@Injectable()
export class RateLimitMetrics {
  private readonly limited: Counter<'class'>;

  constructor(metrics: MetricsRegistry) {
    this.limited = new Counter({
      name: 'rate_limited_total',
      help: 'Requests refused with 429 by a rate limit, by route class (or failed_authentication)',
      labelNames: ['class'],
      registers: [metrics.registry],
    });
  }

  refused(routeClass: string): void {
    this.limited.inc({ class: routeClass });
  }
}
