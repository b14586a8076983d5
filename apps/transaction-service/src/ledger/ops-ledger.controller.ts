import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { OpsAuth } from '@platform/http';
import { LedgerResponseDto } from './ledger.response.dto.js';
import { PayoutLedger } from './payout-ledger.js';

@ApiTags('Operations')
@ApiSecurity('opsKey')
@OpsAuth()
@Controller('ops/ledger')
export class OpsLedgerController {
  constructor(private readonly ledger: PayoutLedger) {}

  @Get()
  @ApiOperation({
    summary: 'Where every unit that reached our addresses is, per chain and currency',
    description:
      'received = funded + refunded + refundsInFlight + held when every unit is accounted for (difference 0). ' +
      'Treasury funding and sweeps are shown apart: they are not customers’ deposits.',
  })
  @ApiOkResponse({ type: LedgerResponseDto })
  read(): Promise<LedgerResponseDto> {
    return this.ledger.read();
  }
}
