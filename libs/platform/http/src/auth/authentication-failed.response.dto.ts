import { ApiProperty } from '@nestjs/swagger';

// The body of every 401 outside the chat API (authenticationFailedBody), as documented.
export class AuthenticationFailedResponseDto {
  @ApiProperty({ example: 'Missing or invalid credentials' })
  message!: string;

  @ApiProperty({ enum: ['authentication_failed'] })
  code!: string;

  @ApiProperty({ example: 'Missing or invalid credentials' })
  reason!: string;

  @ApiProperty({ enum: [false] })
  retryable!: boolean;
}
