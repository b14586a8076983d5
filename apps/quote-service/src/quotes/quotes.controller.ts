import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiInternalServerErrorResponse,
  ApiOkResponse,
  ApiSecurity,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { CapRefusalCode, capRefusalsDescription } from '@payout/errors';
import { CurrentIdentity, DirectRoute, PartnerAuth } from '@platform/http';
import type { PartnerIdentity } from '@shared/contracts';
import { CreateQuoteUseCase } from './create-quote.use-case.js';
import { OnrampQuoteRequestDto } from './onramp-quote.request.dto.js';
import { QuoteErrorResponseDto } from '../core/errors/quote-error.response.dto.js';
import { QuoteResponseDto } from './quote.response.dto.js';
import { QuoteRequestDto } from './quote.request.dto.js';
import { ReverseQuoteRequestDto } from './reverse-quote.request.dto.js';

@ApiTags('Quotes')
@ApiSecurity('apiKey')
@ApiBadRequestResponse({
  type: QuoteErrorResponseDto,
  // A quote names no user: of the rail's caps only the per-transaction one applies to it.
  description: `\`invalid_request\`, \`corridor_unavailable\`, \`minimum\` or \`maximum\` (the corridor flow's bounds). ${capRefusalsDescription([CapRefusalCode.PER_TRANSACTION])}`,
})
@ApiUnauthorizedResponse({ type: QuoteErrorResponseDto })
// 403 user_disabled is answered, and documented, by the gateway (api-gateway, disabled-users).
@ApiUnprocessableEntityResponse({
  type: QuoteErrorResponseDto,
  description:
    '`insufficient_liquidity` (retryable: rails are topped up) when the payout rail\'s available balance is below the amount it would pay out, e.g. "The available liquidity for this method is below the requested amount of 250000.00 BRL via PIX; try a smaller amount or again later"',
})
@ApiInternalServerErrorResponse({
  type: QuoteErrorResponseDto,
  description: '`quote_unavailable` (no current price; retryable) or `server_error`',
})
// The three quote routes are the payout API's hottest: served ahead of Express (@DirectRoute).
@PartnerAuth()
@Controller('quote')
export class QuotesController {
  constructor(private readonly createQuote: CreateQuoteUseCase) {}

  // On each route: @HttpCode's own 200 entry would hide a controller-level one.
  @Post()
  @HttpCode(200)
  @ApiOkResponse({ type: QuoteResponseDto })
  @DirectRoute()
  quote(@CurrentIdentity() partner: PartnerIdentity, @Body() body: QuoteRequestDto) {
    return this.createQuote.payout(partner.partnerId, body);
  }

  @Post('reverse')
  @HttpCode(200)
  @ApiOkResponse({ type: QuoteResponseDto })
  @DirectRoute()
  reverse(@CurrentIdentity() partner: PartnerIdentity, @Body() body: ReverseQuoteRequestDto) {
    return this.createQuote.reverse(partner.partnerId, body);
  }

  @Post('onramp')
  @HttpCode(200)
  @ApiOkResponse({ type: QuoteResponseDto })
  @DirectRoute()
  onramp(@CurrentIdentity() partner: PartnerIdentity, @Body() body: OnrampQuoteRequestDto) {
    return this.createQuote.onramp(partner.partnerId, body);
  }
}
