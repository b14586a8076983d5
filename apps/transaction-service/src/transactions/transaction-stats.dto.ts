import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import {
  Blockchain,
  CryptoCurrency,
  PaymentMethod,
  TargetCurrency,
  TransactionStatus,
} from '@shared/contracts';

const DAYS = '$property must be an integer from 1 to 90';

export class TransactionStatsRequestDto {
  @ApiPropertyOptional({ default: 14, minimum: 1, maximum: 90, description: 'Days back from today (UTC)' })
  @Max(90, { message: DAYS })
  @Min(1, { message: DAYS })
  @IsInt({ message: DAYS })
  @IsOptional()
  // Query strings arrive as text; only plain digits become numbers, anything else fails IsInt.
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value,
  )
  days: number = 14;
}

export class DailyActivityDto {
  @ApiProperty({ example: '2026-11-27', description: 'UTC day of creation' })
  day!: string;

  @ApiProperty({ enum: CryptoCurrency })
  cryptoCurrency!: CryptoCurrency;

  @ApiProperty({ enum: Blockchain })
  blockchain!: Blockchain;

  @ApiProperty({ enum: PaymentMethod })
  paymentMethod!: PaymentMethod;

  @ApiProperty({ enum: TargetCurrency })
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
