import { ApiProperty } from '@nestjs/swagger';
import { DaysBackQuery } from '@platform/http';
import type { Blockchain, CryptoCurrency, PaymentMethod, TargetCurrency } from '@shared/contracts';
import { TransactionStatus } from '@shared/contracts';
import { CorridorProperties } from './corridor-properties.js';

export class TransactionStatsRequestDto {
  @DaysBackQuery(14)
  days: number = 14;
}

export class DailyActivityDto {
  @ApiProperty({ example: '2026-11-27', description: 'UTC day of creation' })
  day!: string;

  @CorridorProperties('cryptoCurrency', 'blockchain', 'paymentMethod', 'targetCurrency')
  cryptoCurrency!: CryptoCurrency;
  blockchain!: Blockchain;
  paymentMethod!: PaymentMethod;
  targetCurrency!: TargetCurrency;

  @ApiProperty({ description: 'Transactions created' })
  count!: number;

  @ApiProperty({ example: '202.04', description: 'Crypto they quoted, fee included (exact decimal string)' })
  volume!: string;
}

export class StatusCountDto {
  @ApiProperty({ enum: TransactionStatus })
  status!: TransactionStatus;

  @ApiProperty()
  count!: number;
}

// The console's charts: activity per day and corridor, and where those transactions stand now.
export class TransactionStatsResponseDto {
  @ApiProperty({ format: 'date-time', description: 'Transactions created since this instant' })
  since!: string;

  @ApiProperty({ type: [DailyActivityDto] })
  daily!: DailyActivityDto[];

  @ApiProperty({ type: [StatusCountDto] })
  statuses!: StatusCountDto[];
}
