import { ApiProperty } from '@nestjs/swagger';
import { PageResponseDto } from '@platform/http';
import type { Blockchain, CryptoCurrency, PaymentMethod, TargetCurrency } from '@shared/contracts';
import { TransactionStatus } from '@shared/contracts';
import { CorridorProperties } from './corridor-properties.js';

// One transaction as the console lists it. Amounts are exact decimal strings.
export class TransactionSummaryDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: TransactionStatus })
  status!: TransactionStatus;

  @ApiProperty({ description: 'The user_id given at acceptance' })
  userId!: string;

  @ApiProperty({ description: 'Base64 of the id: the Stellar memo' })
  transactionReference!: string;

  @ApiProperty({ type: String, nullable: true, description: 'The funding transfer, once known' })
  onChainTxHash!: string | null;

  @CorridorProperties('blockchain', 'cryptoCurrency', 'paymentMethod', 'targetCurrency')
  blockchain!: Blockchain;
  cryptoCurrency!: CryptoCurrency;
  paymentMethod!: PaymentMethod;
  targetCurrency!: TargetCurrency;

  @ApiProperty({ example: '101.02', description: 'Crypto to deposit, fee included' })
  sourceAmount!: string;

  @ApiProperty({ example: '400000', description: 'Fiat the recipient receives' })
  targetAmount!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  statusChangedAt!: string;
}

export class TransactionSearchResponseDto extends PageResponseDto {
  @ApiProperty({ type: [TransactionSummaryDto] })
  transactions!: TransactionSummaryDto[];
}
