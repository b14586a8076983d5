import { ApiProperty } from '@nestjs/swagger';
import { CryptoCurrency } from '@shared/contracts';
import { StatusCountDto } from '../transactions/transaction-stats.dto.js';

export class CurrencyVolumeDto {
  @ApiProperty({ enum: CryptoCurrency })
  currency!: CryptoCurrency;

  @ApiProperty({
    example: '1250.75',
    description: 'Crypto the transactions quoted, fee included (exact decimal string)',
  })
  amount!: string;

  @ApiProperty({ description: 'Transactions in this currency' })
  count!: number;
}

// The overview's figures for the transactions the list's filter finds; the CSV export of the
// same filter holds exactly these transactions (its source_amount column sums to `volume`).
export class TransactionFiguresResponseDto {
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: "The filter's `from`" })
  from!: string | null;

  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: "The filter's `to`" })
  to!: string | null;

  @ApiProperty({ description: 'Transactions found' })
  count!: number;

  @ApiProperty({ type: [CurrencyVolumeDto], description: 'Volume by source (crypto) currency' })
  volume!: CurrencyVolumeDto[];

  @ApiProperty({ description: 'Paid out (PAYMENT_COMPLETED)' })
  completed!: number;

  @ApiProperty({ description: 'Not paid out after a deposit: PAYMENT_FAILED or WRONG_AMOUNT' })
  failed!: number;

  @ApiProperty({ description: 'With crypto sent back to the sender (a refund SENT)' })
  refunded!: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 0.9167,
    description: 'completed ÷ (completed + failed), to 4 decimals; null when neither happened',
  })
  successRate!: number | null;

  @ApiProperty({ type: [StatusCountDto], description: 'Transactions per status (only statuses that occur)' })
  statuses!: StatusCountDto[];
}
