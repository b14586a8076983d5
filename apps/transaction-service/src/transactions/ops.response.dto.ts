import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageResponseDto } from '@platform/http';
import { Blockchain, CryptoCurrency, TransactionStatus } from '@shared/contracts';
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

export class DepositAddressResponseDto {
  @ApiProperty({ enum: Blockchain })
  blockchain!: Blockchain;

  @ApiProperty({ example: 'GDQJUTQYK2MQX2VGDR2FYWLIYAQIEGXTQVTFEMGH2BEWFG4BRUY4CKI7' })
  address!: string;

  @ApiProperty({ description: 'One active address per chain' })
  active!: boolean;

  @ApiProperty({ format: 'date-time' })
  activatedAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'null while active' })
  retiredAt!: string | null;
}

export class DepositAddressesResponseDto {
  @ApiProperty({
    type: [DepositAddressResponseDto],
    description: 'By chain, newest first: retired addresses too',
  })
  addresses!: DepositAddressResponseDto[];
}

class UnmatchedDepositDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: Blockchain })
  blockchain!: Blockchain;

  @ApiProperty()
  on_chain_tx!: string;

  @ApiProperty({ description: 'Which transfer of the on-chain transaction' })
  transferIndex!: number;

  @ApiProperty({ enum: CryptoCurrency })
  cryptoCurrency!: CryptoCurrency;

  @ApiProperty({ description: 'The token as the chain names it (mint, contract or code:issuer)' })
  asset!: string;

  @ApiProperty()
  depositAddress!: string;

  @ApiProperty()
  sender!: string;

  @ApiProperty({ example: '100.5', description: 'Whole tokens as the chain moved them, a decimal string' })
  amount!: string;

  @ApiProperty({ type: String, nullable: true })
  memo!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'The memo NOT-A-REFERENCE matches no transaction',
    description: 'Why it could not be matched',
  })
  reason!: string | null;

  @ApiProperty({ enum: ['STREAM', 'NOTIFY', 'RECONCILE'], description: 'Who reported the transfer' })
  source!: string;

  @ApiProperty({ format: 'date-time' })
  confirmedAt!: string;

  @ApiProperty({ format: 'date-time' })
  recordedAt!: string;
}

export class UnmatchedDepositsResponseDto extends PageResponseDto {
  @ApiProperty({ type: [UnmatchedDepositDto], description: 'Newest first' })
  deposits!: UnmatchedDepositDto[];
}
