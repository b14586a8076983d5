import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { OpsAuth } from '@platform/http';
import { ListRefundsRequestDto, RefundListResponseDto } from './ops-refunds.dto.js';
import { RefundsNeedingAttentionQuery } from './refunds-needing-attention.query.js';

@ApiTags('Operations')
@ApiSecurity('opsKey')
@OpsAuth()
@Controller('ops/refunds')
export class OpsRefundsController {
  constructor(private readonly refunds: RefundsNeedingAttentionQuery) {}

  @Get()
  @ApiOperation({ summary: 'Refunds that failed (default) or still wait for an outcome, newest first' })
  @ApiOkResponse({ type: RefundListResponseDto })
  list(@Query() { status, page, pageSize }: ListRefundsRequestDto): Promise<RefundListResponseDto> {
    return this.refunds.page(status, page, pageSize);
  }
}
