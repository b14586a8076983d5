import { ApiProperty } from '@nestjs/swagger';

// The gateway's own error bodies (GatewayErrorPresenter): the payout shape and a `message`.
export class GatewayErrorResponseDto {
  @ApiProperty()
  message!: string;

  @ApiProperty({ example: 'invalid_request' })
  code!: string;

  @ApiProperty()
  reason!: string;

  @ApiProperty()
  retryable!: boolean;
}
