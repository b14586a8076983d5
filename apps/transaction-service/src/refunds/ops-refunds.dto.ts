import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageNumber, PageResponseDto, PageSize } from '@platform/http';
import { IsIn, IsOptional } from 'class-validator';
import { Blockchain, CryptoCurrency, REFUND_REASONS, type RefundStatus } from '@shared/contracts';

// FAILED: chain-watchers gave up; REQUESTED: still waiting for an outcome.
const ATTENTION_STATUSES: readonly RefundStatus[] = ['FAILED', 'REQUESTED'];

export class ListRefundsRequestDto {
  @ApiPropertyOptional({ enum: ATTENTION_STATUSES, default: 'FAILED' })
  @IsIn(ATTENTION_STATUSES, { message: `$property must be one of: ${ATTENTION_STATUSES.join(', ')}` })
  @IsOptional()
  status: RefundStatus = 'FAILED';

  @PageNumber()
  page: number = 1;

  @PageSize()
  pageSize: number = 20;
}

class RefundViewDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: "null: a held transfer's refund (it funds no transaction)",
  })
  transactionId!: string | null;

  @ApiProperty({ enum: Blockchain })
  blockchain!: string;

  @ApiProperty({ enum: CryptoCurrency })
  cryptoCurrency!: string;

  @ApiProperty({ description: 'Where the crypto goes back to' })
  destination!: string;

  @ApiProperty({ example: '10.5', description: 'Decimal string' })
  amount!: string;

  @ApiProperty({ enum: [...REFUND_REASONS] })
  reason!: string;

  @ApiProperty({ enum: ['REQUESTED', 'SENT', 'FAILED'] })
  status!: string;

  @ApiProperty({ type: String, nullable: true })
  on_chain_tx!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Why chain-watchers gave up' })
  failureReason!: string | null;

  @ApiProperty({ format: 'date-time' })
  requestedAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  settledAt!: string | null;
}

export class RefundListResponseDto extends PageResponseDto {
  @ApiProperty({ type: [RefundViewDto], description: 'Newest first' })
  refunds!: RefundViewDto[];
}
