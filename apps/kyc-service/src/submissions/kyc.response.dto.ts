import { ApiProperty } from '@nestjs/swagger';
import { KycStatus } from './kyc-status.js';

export class KycSubmitResponseDto {
  @ApiProperty({ enum: KycStatus, example: KycStatus.APPROVED })
  status!: KycStatus;
}

export class KycStatusResponseDto {
  @ApiProperty({ description: 'Whether any submission of the user was approved' })
  hasApproved!: boolean;

  @ApiProperty({
    enum: KycStatus,
    nullable: true,
    description: "The latest submission's status; null when the user never submitted",
  })
  status!: KycStatus | null;
}

export class KycErrorResponseDto {
  @ApiProperty({ enum: ['authentication_failed', 'invalid_request', 'server_error'] })
  code!: string;

  @ApiProperty()
  reason!: string;

  @ApiProperty()
  retryable!: boolean;
}
