import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiSecurity,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentIdentity, DirectRoute, PartnerAuth } from '@platform/http';
import type { InternalIdentity } from '@shared/contracts';
import { CreateQuoteUseCase } from './create-quote.use-case.js';
import { OnrampQuoteRequestDto } from './onramp-quote.request.dto.js';
import { QuoteErrorResponseDto, QuoteResponseDto } from './quote.response.dto.js';
import { QuoteRequestDto } from './quote.request.dto.js';
import { ReverseQuoteRequestDto } from './reverse-quote.request.dto.js';

type Partner = Extract<InternalIdentity, { kind: 'partner' }>;

@ApiTags('Quotes')
@ApiSecurity('apiKey')
@ApiOkResponse({ type: QuoteResponseDto })
@ApiBadRequestResponse({ type: QuoteErrorResponseDto })
@ApiUnauthorizedResponse({ type: QuoteErrorResponseDto })
// The three quote routes are the payout API's hottest: served ahead of Express (@DirectRoute).
@PartnerAuth()
@Controller('quote')
export class QuotesController {
  constructor(private readonly createQuote: CreateQuoteUseCase) {}

  @Post()
  @HttpCode(200)
  @DirectRoute()
  quote(@CurrentIdentity() partner: Partner, @Body() body: QuoteRequestDto) {
    return this.createQuote.payout(partner.partnerId, body);
  }

  @Post('reverse')
  @HttpCode(200)
  @DirectRoute()
  reverse(@CurrentIdentity() partner: Partner, @Body() body: ReverseQuoteRequestDto) {
    return this.createQuote.reverse(partner.partnerId, body);
  }

  @Post('onramp')
  @HttpCode(200)
  @DirectRoute()
  onramp(@CurrentIdentity() partner: Partner, @Body() body: OnrampQuoteRequestDto) {
    return this.createQuote.onramp(partner.partnerId, body);
  }
}
