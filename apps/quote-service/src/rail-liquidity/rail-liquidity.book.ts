import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { decimal, type Decimal } from '@payout/money';
import { InternalHttpClient, InternalTokenService } from '@platform/http';
import { LOGGER, type Logger } from '@platform/logging';
import { ServiceName, type RailLiquidityResponse, type RailLiquidityView } from '@shared/contracts';
import { Clock } from '@shared/util';
import { QuoteError, QuoteErrorCode } from '../core/errors/quote.errors.js';
import { QuoteServiceConfig } from '../core/quote-service.config.js';
import type { RouteKey } from '../core/routes/route-key.js';

const TIMEOUT_MS = 3_000;

// A rail's balance as a quote compares with it, parsed once per refresh rather than per quote.
interface RailBalance {
  readonly currency: string;
  readonly available: Decimal;
  readonly observedAtMs: number;
}

// What each rail can pay out, as transaction-service last read it from the rails, refreshed in
// the background (RAIL_LIQUIDITY_REFRESH_MS) so that a quote only reads memory. A payout quote
// above its rail's balance is refused. Unknown or older than RAIL_LIQUIDITY_MAX_AGE_MS (no
// TRANSACTION_SERVICE_URL, transaction-service or the rail not answering), a balance limits
// nothing: quoting stays up, and a payout the rail cannot fund fails there and is refunded.
@Injectable()
export class RailLiquidityBook implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly client: InternalHttpClient;
  private balances = new Map<string, RailBalance>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly config: QuoteServiceConfig,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    tokens: InternalTokenService,
  ) {
    this.client = new InternalHttpClient(ServiceName.QuoteService, tokens, TIMEOUT_MS);
  }

  // Not awaited: transaction-service may start after this service.
  onApplicationBootstrap(): void {
    if (!this.config.TRANSACTION_SERVICE_URL) return;
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.config.RAIL_LIQUIDITY_REFRESH_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  // `fiatAmount` is what the rail would pay out, in the route's currency.
  assertCovers(route: RouteKey, fiatAmount: Decimal): void {
    const balance = this.balances.get(route.paymentMethod);
    if (!balance || balance.currency !== route.targetCurrency) return;
    const age = this.clock.now().getTime() - balance.observedAtMs;
    if (age > this.config.RAIL_LIQUIDITY_MAX_AGE_MS) return;
    if (fiatAmount.gt(balance.available)) {
      throw new QuoteError(
        QuoteErrorCode.INSUFFICIENT_LIQUIDITY,
        `The available liquidity for this method is below the requested amount of ${fiatAmount.toFixed(2)} ${route.targetCurrency} via ${route.paymentMethod}; try a smaller amount or again later`,
      );
    }
  }

  async refresh(): Promise<void> {
    try {
      const url = new URL('/internal/rail-liquidity', this.config.TRANSACTION_SERVICE_URL).toString();
      const { rails } = await this.client.getJson<RailLiquidityResponse>(url);
      this.balances = new Map(rails.map((rail) => [rail.paymentMethod, balanceOf(rail)]));
    } catch (error) {
      this.logger.warn({ err: error }, 'rail liquidity refresh failed');
    }
  }
}

function balanceOf({ currency, available, observedAt }: RailLiquidityView): RailBalance {
  return { currency, available: decimal(available), observedAtMs: new Date(observedAt).getTime() };
}
