import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiSecurity, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentIdentity, PartnerAuth } from '@platform/http';
import type { PartnerIdentity } from '@shared/contracts';
import { TransactionErrorResponseDto } from '../core/errors/transaction-error.response.dto.js';
import { transactionCallerOf } from '../core/transaction-caller.js';
import { CapUsageResponseDto } from './cap-usage.response.dto.js';
import { CapUsageView } from './cap-usage.view.js';

@ApiTags('Transactions')
@ApiSecurity('apiKey')
@ApiSecurity('bearer')
@ApiUnauthorizedResponse({ type: TransactionErrorResponseDto })
@PartnerAuth()
@Controller()
export class CapUsageController {
  constructor(private readonly usage: CapUsageView) {}

  @Get('transactions/limits')
  @ApiOkResponse({
    type: CapUsageResponseDto,
    description:
      "Each rail's payout caps and the partner's usage today. Today is the calendar day in the rail's country: America/Bogota for BREB (COP), America/Sao_Paulo for PIX (BRL)",
  })
  limits(@CurrentIdentity() partner: PartnerIdentity): Promise<CapUsageResponseDto> {
    return this.usage.of(transactionCallerOf(partner));
  }
}
