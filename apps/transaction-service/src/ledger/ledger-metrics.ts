import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { MetricsRegistry } from '@platform/http';
import { LOGGER, type Logger } from '@platform/logging';
import { PayoutLedger } from './payout-ledger.js';

// The books on /metrics (alert LedgerOutOfBalance in k8s/observability):
// - payout_ledger_difference: received − funded − refunded − in flight − held, per chain and
//   currency, as a number of tokens (0 when every unit is accounted for);
// - payout_ledger_held: what waits for an operator, per chain and currency;
// - payout_ledger_readable: 1 when the last scrape could read both sides of the books, else 0
//   (then the two gauges above keep no series rather than a made-up value).
// Read at each scrape; every replica reports the same figures (dashboards and alerts take the max).
@Injectable()
export class LedgerMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsRegistry,
    private readonly ledger: PayoutLedger,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    const registers = [this.metrics.registry];
    const difference = new Gauge({
      name: 'payout_ledger_difference',
      help: 'Units received and not accounted for (funded, refunded, in flight or held), by chain and currency',
      labelNames: ['blockchain', 'crypto_currency'],
      registers,
    });
    const held = new Gauge({
      name: 'payout_ledger_held',
      help: 'Units held for an operator (unmatched transfers, failed refunds), by chain and currency',
      labelNames: ['blockchain', 'crypto_currency'],
      registers,
    });
    const { ledger, logger } = this;
    new Gauge({
      name: 'payout_ledger_readable',
      help: 'Whether the last scrape read both sides of the books (1) or not (0)',
      registers,
      async collect() {
        difference.reset();
        held.reset();
        try {
          for (const entry of (await ledger.read()).entries) {
            const labels = { blockchain: entry.blockchain, crypto_currency: entry.cryptoCurrency };
            // A gauge is a double: exact for any realistic amount of tokens; the API shows the
            // exact decimal.
            difference.set(labels, Number(entry.difference));
            held.set(labels, Number(entry.held));
          }
          this.set(1);
        } catch (error) {
          logger.warn({ err: error }, 'the payout ledger could not be read for /metrics');
          this.set(0);
        }
      },
    });
  }
}
