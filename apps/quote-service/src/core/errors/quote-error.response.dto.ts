import { ApiProperty } from '@nestjs/swagger';

// The payout error body as quote-service's routes document it: every code they answer.
export class QuoteErrorResponseDto {
  @ApiProperty({
    enum: [
      'authentication_failed',
      'invalid_request',
      'corridor_unavailable',
      'minimum',
      'maximum',
      'amount_above_transaction_limit',
      'insufficient_liquidity',
      'user_disabled',
      'quote_unavailable',
      'corridor_not_found',
      'server_error',
    ],
  })
  code!: string;

  @ApiProperty()
  reason!: string;

  @ApiProperty()
  retryable!: boolean;
}
