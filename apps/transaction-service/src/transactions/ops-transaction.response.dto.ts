import { ApiProperty } from '@nestjs/swagger';
import { TransactionStatus } from '@shared/contracts';
import { TransactionTermsDto } from './transaction-terms.js';
import { PaymentContextDto } from './transaction.response.dto.js';

// What GET /ops/transactions/{id} answers, as documented (its callers are the operator CLI and the
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

  @ApiProperty({ type: TransactionTermsDto })
  terms!: TransactionTermsDto;

  @ApiProperty({ type: [JournalEntryDto] })
  journal!: JournalEntryDto[];
}
