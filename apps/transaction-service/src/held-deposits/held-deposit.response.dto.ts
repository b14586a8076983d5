import { ApiProperty } from '@nestjs/swagger';
import { TransactionStatus } from '@shared/contracts';
import { UnmatchedDepositDto } from '../deposits/unmatched-deposits.response.dto.js';

class HeldDepositResolutionDto {
  @ApiProperty({ enum: ['refund', 'assign'] })
  action!: 'refund' | 'assign';

  @ApiProperty({ description: 'The X-Operator header of the request that resolved it, else "ops"' })
  actor!: string;

  @ApiProperty({ format: 'date-time' })
  resolvedAt!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'refund: where it goes (the sender unless the operator named another address)',
  })
  destination!: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'assign: the transaction named' })
  transactionId!: string | null;
}

class HeldDepositRefundDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: ['REQUESTED', 'SENT', 'FAILED'] })
  status!: string;

  @ApiProperty()
  destination!: string;

  @ApiProperty({ example: '88.39', description: 'Decimal string' })
  amount!: string;

  @ApiProperty({ enum: ['UNMATCHED', 'WRONG_AMOUNT', 'EXCESS', 'EXPIRED', 'PAYOUT_FAILED'] })
  reason!: string;

  @ApiProperty({ type: String, nullable: true })
  on_chain_tx!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Why chain-watchers gave up' })
  failureReason!: string | null;
}

// A held transfer once an operator resolved it.
export class HeldDepositResponseDto extends UnmatchedDepositDto {
  @ApiProperty({
    enum: ['REFUNDED', 'FUNDED', 'WRONG_AMOUNT', 'EXPIRED'],
    description:
      'REFUNDED: sent back whole (refund, or assigned to a transaction that no longer awaited payment); else as the funding rules decided',
  })
  outcome!: string;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The transaction it was assigned to',
  })
  transactionId!: string | null;

  @ApiProperty({ enum: TransactionStatus, nullable: true, description: "That transaction's status now" })
  transactionStatus!: TransactionStatus | null;

  @ApiProperty({ type: HeldDepositResolutionDto })
  resolution!: HeldDepositResolutionDto;

  @ApiProperty({
    type: [HeldDepositRefundDto],
    description: 'What of it goes back: all of it (refund, wrong amount, expired) or the excess',
  })
  refunds!: HeldDepositRefundDto[];
}
