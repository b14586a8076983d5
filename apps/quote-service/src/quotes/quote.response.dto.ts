import { ApiProperty } from '@nestjs/swagger';

class QuoteFeeDto {
  @ApiProperty({ description: 'Exact fee, already included in value', example: '1.010200' })
  amount!: string;

  @ApiProperty({
    description: 'The source asset (the crypto received, for an onramp quote)',
    example: 'USDC',
  })
  currency!: string;

  @ApiProperty({ enum: ['none', 'percentage', 'fixed', 'combined'] })
  type!: string;
}

export class QuoteResponseDto {
  @ApiProperty({ description: 'Epoch milliseconds; the quote is valid for one hour', example: 1767225600000 })
  expiration_time!: number;

  @ApiProperty({ type: QuoteFeeDto })
  fee!: QuoteFeeDto;

  @ApiProperty({ format: 'uuid' })
  quote_id!: string;

  @ApiProperty({ description: 'Crypto to send (quote), fiat received (reverse) or crypto received (onramp)' })
  value!: number;
}
