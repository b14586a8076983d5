import { ApiProperty } from '@nestjs/swagger';
import { PageResponseDto } from '@platform/http';
import {
  Blockchain,
  CryptoCurrency,
  type PaymentMethod,
  type TargetCurrency,
  TransactionStatus,
} from '@shared/contracts';
import { CorridorProperties } from './corridor-properties.js';

class NotifyDto {
  @ApiProperty({ type: String, nullable: true, example: '/payments/notify' })
  endpoint!: string | null;

  @ApiProperty()
  required!: boolean;
}

export class PaymentContextDto {
  @ApiProperty({ description: "Exact source amount to send; equals the quote's value", example: 101.02 })
  amount!: number;

  @ApiProperty({ enum: Blockchain })
  blockchain!: Blockchain;

  @ApiProperty({ enum: ['stellar', 'solana', 'evm'] })
  chainFamily!: string;

  @ApiProperty({ example: 'stellar:pubnet' })
  chainId!: string;

  @ApiProperty({ enum: CryptoCurrency })
  cryptoCurrency!: CryptoCurrency;

  @ApiProperty({ type: Number, nullable: true, example: 7 })
  decimals!: number | null;

  @ApiProperty({ description: 'Address to send funds to; may change between transactions' })
  depositAddress!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Stellar text memo: the transaction_reference' })
  memo!: string | null;

  @ApiProperty({ type: String, enum: ['text'], nullable: true })
  memoType!: 'text' | null;

  @ApiProperty({ type: String, nullable: true, description: 'Token mint (Solana) or contract (Celo)' })
  mintAddress!: string | null;

  @ApiProperty({ type: NotifyDto })
  notify!: NotifyDto;

  @ApiProperty({ type: String, nullable: true, description: 'Suggested public RPC endpoint' })
  rpcUrl!: string | null;
}

export class AcceptTransactionResponseDto {
  @ApiProperty({ type: String, nullable: true, format: 'uuid' })
  id!: string | null;

  @ApiProperty({ description: 'True when the user must complete KYC first; then nothing was created' })
  kycRequired!: boolean;

  @ApiProperty({ type: String, nullable: true, example: 'D4+tW9nLRp+hZXCGdyiVDg==' })
  transaction_reference!: string | null;

  @ApiProperty({ type: PaymentContextDto, nullable: true })
  payment_context!: PaymentContextDto | null;
}

export class TransactionStatusResponseDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: TransactionStatus })
  status!: TransactionStatus;

  @ApiProperty({ type: String, nullable: true })
  transaction_reference!: string | null;

  @ApiProperty({ type: String, nullable: true })
  on_chain_tx_hash!: string | null;

  @ApiProperty()
  kycRequired!: boolean;

  @ApiProperty()
  user_id!: string;
}

class TransactionListQuoteDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @CorridorProperties('cryptoCurrency', 'network', 'paymentMethod')
  cryptoCurrency!: CryptoCurrency;
  network!: Blockchain;
  paymentMethod!: PaymentMethod;

  @ApiProperty()
  sourceAmount!: number;

  @ApiProperty()
  targetAmount!: number;

  @CorridorProperties('targetCurrency')
  targetCurrency!: TargetCurrency;
}

export class TransactionListItemDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: TransactionStatus })
  status!: TransactionStatus;

  @ApiProperty({ type: String, nullable: true, description: 'null for a dynamic PIX QR code' })
  accountNumber!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'The funding transfer, once known' })
  onChainId!: string | null;

  @ApiProperty({ type: TransactionListQuoteDto })
  quote!: TransactionListQuoteDto;
}

export class TransactionListResponseDto extends PageResponseDto {
  @ApiProperty({ type: [TransactionListItemDto] })
  transactions!: TransactionListItemDto[];
}
