import { ApiProperty } from '@nestjs/swagger';
import { PageResponseDto } from '@platform/http';

export class UserStandingResponseDto {
  @ApiProperty({ format: 'uuid' })
  partnerId!: string;

  @ApiProperty({ example: 'user-42' })
  userId!: string;

  @ApiProperty({ description: 'True: its quotes, accepts and KYC answer 403 user_disabled' })
  disabled!: boolean;
}

class DisabledUserViewDto {
  @ApiProperty({ example: 'user-42' })
  userId!: string;

  @ApiProperty({ format: 'date-time' })
  disabledAt!: string;
}

export class DisabledUserListResponseDto extends PageResponseDto {
  @ApiProperty({ type: [DisabledUserViewDto], description: 'Newest first' })
  users!: DisabledUserViewDto[];
}
