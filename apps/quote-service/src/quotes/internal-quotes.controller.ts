import { Controller, Get, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InternalAuth } from '@platform/http';
import { QuoteError, QuoteErrorCode } from './quote.errors.js';
import { QuotesRepository } from './quotes.repository.js';

// transaction-service reads the quote a partner accepts: amounts, fee and rate as they were
// given, never recomputed.
@ApiExcludeController()
@InternalAuth()
@Controller('internal/quotes')
export class InternalQuotesController {
  constructor(private readonly quotes: QuotesRepository) {}

  @Get(':quoteId')
  async find(
    @Param('quoteId', ParseUUIDPipe) quoteId: string,
    @Query('partnerId', ParseUUIDPipe) partnerId: string,
  ) {
    const quote = await this.quotes.findForPartner(partnerId, quoteId);
    if (!quote) throw new QuoteError(QuoteErrorCode.QUOTE_NOT_FOUND, 'Quote not found');
    return {
      quoteId: quote.id,
      partnerId: quote.partnerId,
      kind: quote.kind,
      cryptoCurrency: quote.route.cryptoCurrency,
      blockchain: quote.route.blockchain,
      paymentMethod: quote.route.paymentMethod,
      targetCurrency: quote.route.targetCurrency,
      cryptoAmount: quote.cryptoAmount,
      fiatAmount: quote.fiatAmount,
      feeAmount: quote.feeAmount,
      feeType: quote.feeType,
      rate: quote.rate,
      createdAt: quote.createdAt.toISOString(),
      expiresAt: quote.expiresAt.toISOString(),
    };
  }
}
