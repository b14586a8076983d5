import { ApiProperty } from '@nestjs/swagger';
import { TransactionStatus } from '@shared/contracts';
import { TransactionSummaryDto } from './transaction-search.response.dto.js';
import { TransactionTermsDto } from './transaction-terms.js';

const nullableText = { type: String, nullable: true } as const;
const nullableTime = { type: String, format: 'date-time', nullable: true } as const;

export class TimelineStatusChangeDto {
  @ApiProperty()
  sequence!: number;

  @ApiProperty({ enum: ['CREATED', 'STATUS', 'REFUND'], description: 'What the journal entry records' })
  change!: string;

  @ApiProperty({ enum: TransactionStatus, nullable: true })
  fromStatus!: TransactionStatus | null;

  @ApiProperty({ enum: TransactionStatus })
  toStatus!: TransactionStatus;

  @ApiProperty({ format: 'date-time' })
  occurredAt!: string;
}

export class TimelineDepositDto {
  @ApiProperty({ description: 'The transfer hash or signature' })
  onChainTx!: string;

  @ApiProperty({ example: '101.02', description: 'Exact decimal string' })
  amount!: string;

  @ApiProperty()
  sender!: string;

  @ApiProperty({ enum: ['FUNDED', 'WRONG_AMOUNT', 'EXPIRED', 'REFUNDED', 'UNMATCHED'] })
  outcome!: string;

  @ApiProperty({ format: 'date-time' })
  confirmedAt!: string;
}

export class TimelinePayoutDto {
  @ApiProperty({ enum: ['PENDING', 'SUBMITTED', 'SETTLED', 'FAILED'] })
  status!: string;

  @ApiProperty({ example: '400000', description: 'Exact decimal string, in currency' })
  amount!: string;

  @ApiProperty()
  currency!: string;

  @ApiProperty(nullableText)
  railReference!: string | null;

  @ApiProperty(nullableText)
  failureReason!: string | null;

  @ApiProperty()
  attempts!: number;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

export class TimelineRefundDto {
  @ApiProperty({ enum: ['REQUESTED', 'SENT', 'FAILED'] })
  status!: string;

  @ApiProperty({ description: 'Exact decimal string' })
  amount!: string;

  @ApiProperty({ description: 'The sender address the refund goes back to' })
  destination!: string;

  @ApiProperty()
  reason!: string;

  @ApiProperty(nullableText)
  onChainTx!: string | null;

  @ApiProperty({ format: 'date-time' })
  requestedAt!: string;

  @ApiProperty(nullableTime)
  settledAt!: string | null;
}

// A transaction and what happened to it: status journal, deposits, payout, refunds.
export class TransactionTimelineResponseDto {
  @ApiProperty({ type: TransactionSummaryDto })
  transaction!: TransactionSummaryDto;

  @ApiProperty({ type: TransactionTermsDto })
  terms!: TransactionTermsDto;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '50.5',
    description:
      'What arrived: the sum of its deposits (less than amountToSend for an underpay); null before any',
  })
  amountReceived!: string | null;

  @ApiProperty({ type: [TimelineStatusChangeDto] })
  journal!: TimelineStatusChangeDto[];

  @ApiProperty({ type: [TimelineDepositDto] })
  deposits!: TimelineDepositDto[];

  @ApiProperty({ type: TimelinePayoutDto, nullable: true })
  payout!: TimelinePayoutDto | null;

  @ApiProperty({ type: [TimelineRefundDto] })
  refunds!: TimelineRefundDto[];
}
