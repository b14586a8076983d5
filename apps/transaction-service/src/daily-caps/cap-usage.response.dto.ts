import { ApiProperty } from '@nestjs/swagger';
import { PaymentMethod, TargetCurrency } from '@shared/contracts';

const AMOUNT = 'Decimal string in the rail currency';

class RailCapsDto {
  @ApiProperty({ type: String, nullable: true, example: '5000000', description: `${AMOUNT}; null: uncapped` })
  perTransaction!: string | null;

  @ApiProperty({ type: String, nullable: true, example: '25000000', description: 'Per end user per day' })
  perUserDailyAmount!: string | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 15,
    description: 'Transactions per end user per day',
  })
  perUserDailyCount!: number | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '25000000',
    description: 'Per payment method per day, across the platform',
  })
  perPaymentMethodDailyAmount!: string | null;
}

class CapUsageDto {
  @ApiProperty({ example: '5000000', description: AMOUNT })
  amount!: string;

  @ApiProperty({ example: 1 })
  count!: number;
}

class UserCapUsageDto extends CapUsageDto {
  @ApiProperty({ example: 'user-42' })
  userId!: string;
}

class RailCapUsageDto {
  @ApiProperty({ enum: PaymentMethod })
  paymentMethod!: PaymentMethod;

  @ApiProperty({ enum: TargetCurrency })
  targetCurrency!: TargetCurrency;

  @ApiProperty({ example: 'America/Bogota', description: "The zone whose calendar day is the caps' day" })
  timeZone!: string;

  @ApiProperty({ example: '2026-12-06', description: 'Today in that zone' })
  day!: string;

  @ApiProperty({ type: RailCapsDto })
  caps!: RailCapsDto;

  @ApiProperty({ type: CapUsageDto, description: "All of the partner's users today" })
  partner!: CapUsageDto;

  @ApiProperty({
    type: [UserCapUsageDto],
    description: 'Its users with a share today, most paid first (at most 50)',
  })
  users!: UserCapUsageDto[];
}

export class CapUsageResponseDto {
  @ApiProperty({ type: [RailCapUsageDto] })
  rails!: RailCapUsageDto[];
}
