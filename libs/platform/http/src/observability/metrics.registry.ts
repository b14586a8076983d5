import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

// How often the event loop's delay is sampled for nodejs_eventloop_lag_*. prom-client's 10 ms wakes
// every app a hundred times a second: measured in an idle deployment, 120 wakeups and 10–11 ms of
// CPU a second per app, against 40 and 7–8 at 50 ms. Every stall of 50 ms or more is still caught,
// a shorter one with a chance in proportion to its length.
const EVENT_LOOP_SAMPLE_MS = 50;

// One registry per app (several apps share a process in standalone mode), labelled with the
// service name. Features add their own metrics to `registry`.
export class MetricsRegistry {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;

  constructor(service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
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
