import { Injectable } from '@nestjs/common';
import { decimal, feeSchedule, type Decimal, type FeeSchedule } from '@payout/money';
import type { FlowDirection } from '@shared/contracts';
import { CorridorCatalogue, type LiveCorridor } from '../corridors/corridor-catalogue.js';
import { type RouteKey } from '../core/routes/route-key.js';
import { RateBook } from '../pricing/rate-book.js';
import type { ObservedRate } from '../pricing/rate-provider.js';
import { QuoteError, QuoteErrorCode } from '../core/errors/quote.errors.js';

// A flow's fiat bounds as exact decimals; null where the flow has none.
interface FiatBounds {
  readonly min: Decimal | null;
  readonly max: Decimal | null;
}

export interface PricingContext {
  readonly corridor: LiveCorridor;
  readonly rate: ObservedRate;
  // The rate as an exact decimal.
  readonly fiatPerCrypto: Decimal;
  readonly schedule: FeeSchedule;
  readonly bounds: FiatBounds;
}

type Flow = LiveCorridor['flow'];

// What every quote needs before arithmetic: a live corridor for the route and a current rate.
// Their exact decimals are made once per catalogue load and rate observation, not per quote:
// the catalogue and the rate book hand out the same objects until they reload (and the pricing
// rules work their terms out once per rate and schedule object).
@Injectable()
export class QuotePricingContext {
  private readonly flowDecimals = new WeakMap<Flow, Pick<PricingContext, 'schedule' | 'bounds'>>();
  private readonly rateDecimals = new WeakMap<ObservedRate, Decimal>();

  constructor(
    private readonly catalogue: CorridorCatalogue,
    private readonly rates: RateBook,
  ) {}

  // Sync-first, as the catalogue is: a promise only while the catalogue loads.
  resolve(direction: FlowDirection, route: RouteKey): PricingContext | Promise<PricingContext> {
    const corridor = this.catalogue.find(direction, route);
    return corridor instanceof Promise
      ? corridor.then((found) => this.contextOf(found, route))
      : this.contextOf(corridor, route);
  }

  private contextOf(corridor: LiveCorridor | null, route: RouteKey): PricingContext {
    if (!corridor) {
      throw new QuoteError(
        QuoteErrorCode.CORRIDOR_UNAVAILABLE,
        `${route.cryptoCurrency} on ${route.blockchain} to ${route.targetCurrency} via ${route.paymentMethod} is not available`,
      );
    }
    const rate = this.rates.current({ crypto: route.cryptoCurrency, fiat: route.targetCurrency });
    return { corridor, rate, fiatPerCrypto: this.decimalOf(rate), ...this.flowDecimalsOf(corridor.flow) };
  }

  private flowDecimalsOf(flow: Flow): Pick<PricingContext, 'schedule' | 'bounds'> {
    let decimals = this.flowDecimals.get(flow);
    if (!decimals) {
      decimals = {
        schedule: feeSchedule(flow.feeBasisPoints, decimal(flow.feeFixed)),
        bounds: { min: decimalOrNull(flow.minAmount), max: decimalOrNull(flow.maxAmount) },
      };
      this.flowDecimals.set(flow, decimals);
    }
    return decimals;
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

const decimalOrNull = (amount: string | null): Decimal | null => (amount === null ? null : decimal(amount));

// Bounds are in fiat: what the recipient receives (payouts) or what the user pays (onramp).
export function assertWithinBounds(context: PricingContext, fiatAmount: Decimal): void {
  const { min, max } = context.bounds;
  const { targetCurrency } = context.corridor.flow.route;
  if (min !== null && fiatAmount.lt(min)) {
    throw new QuoteError(
      QuoteErrorCode.MINIMUM,
      `The amount is below the minimum of ${min.toString()} ${targetCurrency} for this corridor`,
    );
  }
  if (max !== null && fiatAmount.gt(max)) {
    throw new QuoteError(
      QuoteErrorCode.MAXIMUM,
      `The amount is above the maximum of ${max.toString()} ${targetCurrency} for this corridor`,
    );
  }
}
