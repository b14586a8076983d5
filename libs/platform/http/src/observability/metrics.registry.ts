import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

// One registry per app (several apps share a process in standalone mode), labelled with the
// service name. Features add their own metrics to `registry`.
export class MetricsRegistry {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;

  constructor(service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by route',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [this.registry],
    });
  }

  observeHttp(method: string, route: string, status: number, durationSeconds: number): void {
    this.httpDuration.observe({ method, route, status: String(status) }, durationSeconds);
  }
}
