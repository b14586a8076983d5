import { ApiProperty } from '@nestjs/swagger';
import { Blockchain } from '@shared/contracts';

const AMOUNT = { type: String, example: '101.02', description: 'Whole tokens, exact' } as const;

export class LedgerEntryDto {
  @ApiProperty({ enum: Blockchain })
  blockchain!: Blockchain;

  @ApiProperty({ example: 'USDC' })
  cryptoCurrency!: string;

  @ApiProperty({
    ...AMOUNT,
    description: "Customers' transfers into our addresses, as the chain showed them",
  })
  received!: string;

  @ApiProperty({
    ...AMOUNT,
    description: 'The quoted amounts of the deposits that fund a payout (not failed)',
  })
  funded!: string;

  @ApiProperty({ ...AMOUNT, description: 'Refunds sent on chain' })
  refunded!: string;

  @ApiProperty({ ...AMOUNT, description: 'Refunds requested and not settled yet' })
  refundsInFlight!: string;

  @ApiProperty({
    ...AMOUNT,
    description: 'Held for an operator: transfers that fund no transaction, and refunds that failed',
  })
  held!: string;

  @ApiProperty({ ...AMOUNT, description: 'Moved from per-transaction deposit addresses into the treasury' })
  sweptToTreasury!: string;

  @ApiProperty({ ...AMOUNT, description: "The treasury's own funding (not customers' deposits)" })
  treasuryFunded!: string;

  @ApiProperty({
    ...AMOUNT,
    description:
      'received − funded − refunded − refundsInFlight − held: zero when every unit is accounted for',
  })
  difference!: string;
}

export class LedgerResponseDto {
  @ApiProperty({ format: 'date-time' })
  generatedAt!: string;

  @ApiProperty({ type: [LedgerEntryDto], description: 'One entry per chain and currency' })
  entries!: LedgerEntryDto[];
}
