import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { MetricsRegistry } from '@platform/http';
import { STATUS_NAMES } from './realm-export-status.js';
import { RealmExportsRepository } from './realm-exports.repository.js';

// Exports by state on /metrics, counted from the table at each scrape: every replica reports
// the same figures, whichever replica moved the exports.
@Injectable()
export class RealmExportMetrics {
  constructor(metrics: MetricsRegistry, exports: RealmExportsRepository) {
    new Gauge({
      name: 'chat_realm_exports',
      help: 'Organization data exports by state',
      labelNames: ['state'],
      registers: [metrics.registry],
      async collect() {
        const counts = new Map((await exports.countByStatus()).map((row) => [row.status, row.count]));
        for (const [status, state] of Object.entries(STATUS_NAMES))
          this.set({ state }, counts.get(Number(status)) ?? 0);
      },
    });
  }
}
