import { Controller, Get, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InternalAuth } from '@platform/http';
import { FlowDirection, type InternalQuoteView } from '@shared/contracts';
import { CorridorCatalogue } from '../corridors/corridor-catalogue.js';
import { QuoteKind } from './quote.entity.js';
import { QuoteError, QuoteErrorCode } from '../core/errors/quote.errors.js';
import { QuotesRepository } from './quotes.repository.js';

// transaction-service reads the quote a partner accepts: amounts, fee and rate as they were
// given, never recomputed, and whether its route is still live with which mint.
@ApiExcludeController()
@InternalAuth()
@Controller('internal/quotes')
export class InternalQuotesController {
  constructor(
    private readonly quotes: QuotesRepository,
    private readonly catalogue: CorridorCatalogue,
  ) {}

  @Get(':quoteId')
  async find(
    @Param('quoteId', ParseUUIDPipe) quoteId: string,
    @Query('partnerId', ParseUUIDPipe) partnerId: string,
  ): Promise<InternalQuoteView> {
    const quote = await this.quotes.findForPartner(partnerId, quoteId);
    if (!quote) throw new QuoteError(QuoteErrorCode.QUOTE_NOT_FOUND, 'Quote not found');
    const direction = quote.kind === QuoteKind.ONRAMP ? FlowDirection.ONRAMP : FlowDirection.PAYOUT;
    const corridor = await this.catalogue.find(direction, quote.route);
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
      live: corridor !== null,
      asset: corridor && { mintAddress: corridor.asset.mintAddress, decimals: corridor.asset.decimals },
    };
  }
}
