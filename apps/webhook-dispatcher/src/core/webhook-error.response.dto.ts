import { ApiProperty } from '@nestjs/swagger';

export class WebhookErrorResponseDto {
  @ApiProperty({
    enum: ['authentication_failed', 'invalid_request', 'forbidden', 'not_found', 'conflict', 'server_error'],
  })
  code!: string;

  @ApiProperty()
  reason!: string;

  @ApiProperty()
  retryable!: boolean;
}
