import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Blockchain, TransactionStatus } from '@shared/contracts';
import { KYC_POLICY_MODES } from '../kyc-gate/kyc-policy.entity.js';
import { PaymentContextDto } from './transaction.response.dto.js';

// What the operations routes answer, as documented (their callers are the operator CLI and the
// sandbox, but the reference describes every answer).

class JournalEntryDto {
  @ApiProperty()
  sequence!: number;

  @ApiProperty({ example: 'DEPOSIT_APPLIED' })
  change!: string;

  @ApiProperty({ enum: TransactionStatus, nullable: true })
  fromStatus!: TransactionStatus | null;

  @ApiProperty({ enum: TransactionStatus })
  toStatus!: TransactionStatus;

  @ApiProperty({ example: 'deposit:SOLANA:5h3…' })
  idempotencyKey!: string;

  @ApiProperty({ format: 'date-time' })
  occurredAt!: string;
}

export class OpsTransactionResponseDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  partnerId!: string;

  @ApiProperty()
  userId!: string;

  @ApiProperty({ format: 'uuid' })
  quoteId!: string;

  @ApiProperty({ enum: TransactionStatus })
  status!: TransactionStatus;

  @ApiProperty()
  transaction_reference!: string;

  @ApiProperty({ type: String, nullable: true })
  on_chain_tx_hash!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'null for a dynamic PIX QR code' })
  accountNumber!: string | null;

  @ApiProperty({ format: 'date-time' })
  quoteExpiresAt!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: PaymentContextDto })
  payment_context!: PaymentContextDto;

  @ApiProperty({ type: [JournalEntryDto] })
  journal!: JournalEntryDto[];
}

export class KycPolicyResponseDto {
  @ApiProperty({ format: 'uuid' })
  partnerId!: string;

  @ApiProperty({ enum: KYC_POLICY_MODES })
  mode!: string;

  @ApiProperty({ example: '1000', description: 'USD-equivalent over 30 days, a decimal string' })
  thresholdAmount!: string;

  @ApiProperty({ enum: ['default', 'partner'], description: '`default` until an operator sets one' })
  source!: string;
}

export class ReconcileHashResponseDto {
  @ApiProperty({ enum: Blockchain })
  blockchain!: Blockchain;

  @ApiProperty()
  on_chain_tx!: string;

  @ApiProperty({ enum: ['already_processed', 'enqueued', 'not_found', 'invalid', 'unresolved'] })
  result!: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  transaction_id!: string | null;

  @ApiProperty({ enum: TransactionStatus, nullable: true })
  status!: TransactionStatus | null;

  @ApiPropertyOptional()
  reason?: string;
}
