import { Controller, Get, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { OpsAuth } from '@platform/http';
import { CapUsageResponseDto } from './cap-usage.response.dto.js';
import { CapUsageView } from './cap-usage.view.js';

// The console's partner page: a partner's usage today against each rail's caps, as it sees it.
@ApiTags('Operations')
@ApiSecurity('opsKey')
@OpsAuth()
@Controller('ops/cap-usage')
export class OpsCapUsageController {
  constructor(private readonly usage: CapUsageView) {}

  @Get(':partnerId')
  @ApiOkResponse({
    type: CapUsageResponseDto,
    description:
      "What GET /transactions/limits answers the partner. Today is the calendar day in the rail's country: America/Bogota for BREB (COP), America/Sao_Paulo for PIX (BRL)",
  })
  partner(@Param('partnerId', ParseUUIDPipe) partnerId: string): Promise<CapUsageResponseDto> {
    return this.usage.of({ partnerId, walletOnly: false, walletUser: null });
  }
}
