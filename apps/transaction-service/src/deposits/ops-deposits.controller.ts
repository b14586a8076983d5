import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { OpsAuth } from '@platform/http';
import { UnmatchedDepositsResponseDto } from './unmatched-deposits.response.dto.js';
import { ListUnmatchedDepositsRequestDto } from './list-unmatched-deposits.request.dto.js';
import { UnmatchedDepositsQuery } from './unmatched-deposits.query.js';

@ApiTags('Operations')
@ApiSecurity('opsKey')
@OpsAuth()
@Controller('ops/deposits')
export class OpsDepositsController {
  constructor(private readonly unmatched: UnmatchedDepositsQuery) {}

  @Get('unmatched')
  @ApiOperation({
    summary: 'Deposits that fund no transaction (no or unknown memo, or refused), newest first',
    description:
      'Each one is recovered with POST /ops/transactions/reconcile-hash and its transaction_id, or finished with POST /ops/deposits/{id}/refund or /assign.',
  })
  @ApiOkResponse({ type: UnmatchedDepositsResponseDto })
  list(@Query() query: ListUnmatchedDepositsRequestDto): Promise<UnmatchedDepositsResponseDto> {
    return this.unmatched.page(query.page, query.pageSize);
  }
}
