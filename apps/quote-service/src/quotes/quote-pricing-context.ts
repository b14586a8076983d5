import { Injectable } from '@nestjs/common';
import { decimal, feeSchedule, type Decimal, type FeeSchedule } from '@payout/money';
import type { FlowDirection } from '@shared/contracts';
import { CorridorCatalogue, type LiveCorridor } from '../corridors/corridor-catalogue.js';
import { type RouteKey } from '../core/routes/route-key.js';
import { RateBook } from '../pricing/rate-book.js';
import type { ObservedRate } from '../pricing/rate-provider.js';
import { QuoteError, QuoteErrorCode } from '../core/errors/quote.errors.js';

export interface PricingContext {
  readonly corridor: LiveCorridor;
  readonly rate: ObservedRate;
  readonly schedule: FeeSchedule;
}

// What every quote needs before arithmetic: a live corridor for the route and a current rate.
@Injectable()
export class QuotePricingContext {
  constructor(
    private readonly catalogue: CorridorCatalogue,
    private readonly rates: RateBook,
  ) {}

  async resolve(direction: FlowDirection, route: RouteKey): Promise<PricingContext> {
    const corridor = await this.catalogue.find(direction, route);
    if (!corridor) {
      throw new QuoteError(
        QuoteErrorCode.CORRIDOR_UNAVAILABLE,
        `${route.cryptoCurrency} on ${route.blockchain} to ${route.targetCurrency} via ${route.paymentMethod} is not available`,
      );
    }
    const rate = this.rates.current({ crypto: route.cryptoCurrency, fiat: route.targetCurrency });
    return {
      corridor,
      rate,
      schedule: feeSchedule(corridor.flow.feeBasisPoints, decimal(corridor.flow.feeFixed)),
    };
  }
}

// Bounds are in fiat: what the recipient receives (payouts) or what the user pays (onramp).
export function assertWithinBounds(context: PricingContext, fiatAmount: Decimal): void {
  const {
    minAmount,
    maxAmount,
    route: { targetCurrency },
  } = context.corridor.flow;
  if (minAmount !== null && fiatAmount.lt(decimal(minAmount))) {
    throw new QuoteError(
      QuoteErrorCode.MINIMUM,
      `The amount is below the minimum of ${decimal(minAmount).toString()} ${targetCurrency} for this corridor`,
    );
  }
  if (maxAmount !== null && fiatAmount.gt(decimal(maxAmount))) {
    throw new QuoteError(
      QuoteErrorCode.MAXIMUM,
      `The amount is above the maximum of ${decimal(maxAmount).toString()} ${targetCurrency} for this corridor`,
    );
  }
}
