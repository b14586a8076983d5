import { Injectable } from '@nestjs/common';
import { decimal, priceForwardPayout, priceOnramp, priceReversePayout, type Decimal } from '@payout/money';
import { FlowDirection } from '@shared/contracts';
import type { OnrampQuoteRequestDto } from './onramp-quote.request.dto.js';
import { QuoteIssuer, type PricedQuote, type QuoteView } from './quote-issuer.js';
import { QuotePricingContext, assertWithinBounds, type PricingContext } from './quote-pricing-context.js';
import { QuoteKind } from './quote.entity.js';
import type { QuoteRequestDto } from './quote.request.dto.js';
import type { ReverseQuoteRequestDto } from './reverse-quote.request.dto.js';
import { TransactionCap } from '../rail-caps/transaction-cap.js';
import { RailLiquidityBook } from '../rail-liquidity/rail-liquidity.book.js';
import { routeOf } from './route-of.js';
import type { RouteKey } from '../core/routes/route-key.js';

type Price = Pick<PricedQuote, 'cryptoAmount' | 'fiatAmount' | 'fee' | 'value'>;

// The three ways to ask for a price. Each resolves the corridor and rate, applies its pricing
// rule and the corridor's fiat bounds, then the quote is stored the same way.
@Injectable()
export class CreateQuoteUseCase {
  constructor(
    private readonly pricing: QuotePricingContext,
    private readonly issuer: QuoteIssuer,
    private readonly transactionCap: TransactionCap,
    private readonly liquidity: RailLiquidityBook,
  ) {}

  // The recipient gets `amount` fiat; the value is the crypto to send, fee included.
  payout(partnerId: string, request: QuoteRequestDto): Promise<QuoteView> {
    return this.quote(partnerId, QuoteKind.PAYOUT, FlowDirection.PAYOUT, request, (context, rate) => {
      const fiatAmount = decimal(request.amount);
      assertWithinBounds(context, fiatAmount);
      const price = priceForwardPayout({
        fiatAmount,
        fiatCurrency: request.target_currency,
        rate,
        fee: context.schedule,
      });
      return { cryptoAmount: price.value, fiatAmount, fee: price.fee, value: price.value };
    });
  }

  // The user sends `source_amount` crypto; the value is the fiat received after fees, and the
  // corridor's bounds apply to it.
  reverse(partnerId: string, request: ReverseQuoteRequestDto): Promise<QuoteView> {
    return this.quote(partnerId, QuoteKind.REVERSE, FlowDirection.PAYOUT, request, (context, rate) => {
      const sourceAmount = decimal(request.source_amount);
      const price = priceReversePayout({
        sourceAmount,
        fiatCurrency: request.target_currency,
        rate,
        fee: context.schedule,
      });
      assertWithinBounds(context, price.value);
      return { cryptoAmount: sourceAmount, fiatAmount: price.value, fee: price.fee, value: price.value };
    });
  }

  // The user pays `fiat_amount`; the value is the crypto received after fees.
  onramp(partnerId: string, request: OnrampQuoteRequestDto): Promise<QuoteView> {
    return this.quote(partnerId, QuoteKind.ONRAMP, FlowDirection.ONRAMP, request, (context, rate) => {
      const fiatAmount = decimal(request.fiat_amount);
      assertWithinBounds(context, fiatAmount);
      const price = priceOnramp({
        fiatAmount,
        fiatCurrency: request.target_currency,
        rate,
        fee: context.schedule,
      });
      return { cryptoAmount: price.value, fiatAmount, fee: price.fee, value: price.value };
    });
  }

  // Sync until the insert: with the catalogue cached (nearly every quote), the only promise a
  // quote waits on is its statement's (on Node 20 each promise runs the request context's hooks).
  // A refusal found on the way still comes back as a rejected promise, as from any async method.
  private quote(
    partnerId: string,
    kind: QuoteKind,
    direction: FlowDirection,
    request: Parameters<typeof routeOf>[0],
    price: (context: PricingContext, rate: Decimal) => Price,
  ): Promise<QuoteView> {
    try {
      const context = this.pricing.resolve(direction, routeOf(request));
      return context instanceof Promise
        ? context.then((resolved) => this.priceAndIssue(partnerId, kind, direction, resolved, price))
        : this.priceAndIssue(partnerId, kind, direction, context, price);
    } catch (refusal) {
      return Promise.reject(refusal as Error);
    }
  }

  private priceAndIssue(
    partnerId: string,
    kind: QuoteKind,
    direction: FlowDirection,
    context: PricingContext,
    price: (context: PricingContext, rate: Decimal) => Price,
  ): Promise<QuoteView> {
    const priced = price(context, context.fiatPerCrypto);
    // The rail's per-transaction cap and liquidity bound what a rail pays out; onramps pay nothing
    // out. The cap is checked by the quote's insert (one round trip), after the liquidity.
    const capped = direction === FlowDirection.PAYOUT;
    if (capped) {
      const { route } = context.corridor.flow;
      try {
        this.liquidity.assertCovers(route, priced.fiatAmount);
      } catch (shortfall) {
        return this.refuseShortfall(route, priced.fiatAmount, shortfall);
      }
    }
    return this.issuer.issue({ partnerId, kind, context, ...priced, capped });
  }

  // A payout over both the cap and the rail's liquidity is refused for the cap, as it always was:
  // only then is the cap read on its own.
  private async refuseShortfall(route: RouteKey, fiatAmount: Decimal, shortfall: unknown): Promise<never> {
    await this.transactionCap.assertWithin(route, fiatAmount);
    throw shortfall;
  }
}
