import { Injectable } from '@nestjs/common';
import { FEE_DECIMALS, feeTypeOf, toFixedString, toJsonNumber, type Decimal } from '@payout/money';
import { Clock, IdGenerator } from '@shared/util';
import { QuoteServiceConfig } from '../core/quote-service.config.js';
import type { PricingContext } from './quote-pricing-context.js';
import { QuoteEntity, QuoteKind } from './quote.entity.js';
import { QuotesRepository } from './quotes.repository.js';
import { TransactionCap } from '../rail-caps/transaction-cap.js';

export interface PricedQuote {
  readonly partnerId: string;
  readonly kind: QuoteKind;
  readonly context: PricingContext;
  readonly cryptoAmount: Decimal;
  readonly fiatAmount: Decimal;
  readonly fee: Decimal;
  // What the response's `value` is: crypto to send, fiat received or crypto received.
  readonly value: Decimal;
  // Payouts: stored only within the rail's per-transaction cap (onramps pay nothing out).
  readonly capped: boolean;
}

export interface QuoteView {
  readonly expiration_time: number;
  readonly fee: { readonly amount: string; readonly currency: string; readonly type: string };
  readonly quote_id: string;
  readonly value: number;
}

// Stores a priced quote with its rate and fee snapshot (a payout's within its rail's per-transaction
// cap, checked by the insert itself). A quote is not announced: nothing consumes
// quote events (transaction-service reads a quote when it is accepted, GET /internal/quotes), and
// an outbox row and its relay to Kafka were about a tenth of a quote's CPU.
@Injectable()
export class QuoteIssuer {
  constructor(
    private readonly config: QuoteServiceConfig,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly quotes: QuotesRepository,
    private readonly transactionCap: TransactionCap,
  ) {}

  issue(quote: PricedQuote): Promise<QuoteView> {
    const { flow } = quote.context.corridor;
    const now = this.clock.now();
    const entity: QuoteEntity = {
      id: this.ids.uuid(),
      partnerId: quote.partnerId,
      kind: quote.kind,
      route: { ...flow.route },
      cryptoAmount: quote.cryptoAmount.toFixed(),
      fiatAmount: quote.fiatAmount.toFixed(),
      feeAmount: quote.fee.toFixed(),
      feeType: feeTypeOf(quote.context.schedule),
      feeBasisPoints: flow.feeBasisPoints,
      feeFixed: flow.feeFixed,
      rate: quote.context.rate.fiatPerCrypto,
      rateSource: quote.context.rate.source,
      rateObservedAt: quote.context.rate.observedAt,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.config.QUOTE_TTL_MS),
    };
    const view: QuoteView = {
      expiration_time: entity.expiresAt.getTime(),
      fee: {
        amount: toFixedString(quote.fee, FEE_DECIMALS),
        currency: flow.route.cryptoCurrency,
        type: entity.feeType,
      },
      quote_id: entity.id,
      value: toJsonNumber(quote.value),
    };
    if (!quote.capped) return this.quotes.insert(entity).then(() => view);
    return this.quotes.insertWithinCap(entity).then((exceededCap) => {
      if (exceededCap !== null) throw this.transactionCap.exceeded(flow.route, exceededCap);
      return view;
    });
  }
}
