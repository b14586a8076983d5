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
  // The rate as an exact decimal.
  readonly fiatPerCrypto: Decimal;
  readonly schedule: FeeSchedule;
}

// What every quote needs before arithmetic: a live corridor for the route and a current rate.
// Their exact decimals are made once per catalogue load and rate observation, not per quote:
// the catalogue and the rate book hand out the same objects until they reload.
@Injectable()
export class QuotePricingContext {
  private readonly schedules = new WeakMap<LiveCorridor['flow'], FeeSchedule>();
  private readonly rateDecimals = new WeakMap<ObservedRate, Decimal>();

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
    return { corridor, rate, fiatPerCrypto: this.decimalOf(rate), schedule: this.scheduleOf(corridor.flow) };
  }

  private scheduleOf(flow: LiveCorridor['flow']): FeeSchedule {
    let schedule = this.schedules.get(flow);
    if (!schedule) {
      schedule = feeSchedule(flow.feeBasisPoints, decimal(flow.feeFixed));
      this.schedules.set(flow, schedule);
    }
    return schedule;
  }

  private decimalOf(rate: ObservedRate): Decimal {
    let fiatPerCrypto = this.rateDecimals.get(rate);
    if (!fiatPerCrypto) {
      fiatPerCrypto = decimal(rate.fiatPerCrypto);
      this.rateDecimals.set(rate, fiatPerCrypto);
    }
    return fiatPerCrypto;
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
