import { Inject, Injectable } from '@nestjs/common';
import { FEE_DECIMALS, feeTypeOf, toFixedString, toJsonNumber, type Decimal } from '@payout/money';
import { TransactionalOutbox } from '@platform/messaging';
import { PayoutTopic, type PayoutTopics } from '@shared/contracts';
import { Clock, IdGenerator } from '@shared/util';
import { QuoteServiceConfig } from '../core/quote-service.config.js';
import type { PricingContext } from './quote-pricing-context.js';
import { QuoteEntity, QuoteKind } from './quote.entity.js';
import { QuotesRepository } from './quotes.repository.js';

export interface PricedQuote {
  readonly partnerId: string;
  readonly kind: QuoteKind;
  readonly context: PricingContext;
  readonly cryptoAmount: Decimal;
  readonly fiatAmount: Decimal;
  readonly fee: Decimal;
  // What the response's `value` is: crypto to send, fiat received or crypto received.
  readonly value: Decimal;
}

export interface QuoteView {
  readonly expiration_time: number;
  readonly fee: { readonly amount: string; readonly currency: string; readonly type: string };
  readonly quote_id: string;
  readonly value: number;
}

// Stores a priced quote with its rate and fee snapshot and announces it, in one statement.
@Injectable()
export class QuoteIssuer {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<PayoutTopics>,
    private readonly config: QuoteServiceConfig,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly quotes: QuotesRepository,
  ) {}

  async issue(quote: PricedQuote): Promise<QuoteView> {
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
    await this.outbox.writeAndPublish(
      this.quotes.insertStatement(entity),
      PayoutTopic.QuoteCreated,
      {
        quoteId: entity.id,
        partnerId: entity.partnerId,
        kind: entity.kind,
        ...entity.route,
        cryptoAmount: entity.cryptoAmount,
        fiatAmount: entity.fiatAmount,
        feeAmount: entity.feeAmount,
        expiresAt: entity.expiresAt.toISOString(),
      },
      { key: entity.id },
    );
    return {
      expiration_time: entity.expiresAt.getTime(),
      fee: {
        amount: toFixedString(quote.fee, FEE_DECIMALS),
        currency: flow.route.cryptoCurrency,
        type: entity.feeType,
      },
      quote_id: entity.id,
      value: toJsonNumber(quote.value),
    };
  }
}
