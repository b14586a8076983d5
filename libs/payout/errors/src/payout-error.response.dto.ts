import { ApiProperty } from '@nestjs/swagger';

// The payout API's error body as documented for the refusals every route shares (400, 413);
// each route documents its own codes where it has them.
export class PayoutErrorResponseDto {
  @ApiProperty({ example: 'invalid_request' })
  code!: string;

  @ApiProperty({ example: 'amount is required' })
  reason!: string;

  @ApiProperty()
  retryable!: boolean;
}
