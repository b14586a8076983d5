import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ROLE_NAMES, type RoleName } from './ops-users.request.dto.js';

export class OpsUserResponseDto {
  @ApiProperty()
  userId!: number;

  @ApiProperty()
  email!: string;

  @ApiProperty()
  fullName!: string;

  @ApiProperty({ enum: ROLE_NAMES })
  role!: RoleName;

  @ApiProperty()
  isActive!: boolean;

  @ApiProperty()
  isBot!: boolean;

  @ApiPropertyOptional({ description: 'Answered by PATCH' })
  canChangeUserEmails?: boolean;
}

export class OpsUserListResponseDto {
  @ApiProperty({ type: [OpsUserResponseDto] })
  users!: OpsUserResponseDto[];
}

export class OpsApiKeyResponseDto {
  @ApiProperty()
  userId!: number;

  @ApiProperty()
  email!: string;

  @ApiProperty({ description: 'Shown only here; the previous key stops working at once' })
  apiKey!: string;
}

// The body of a refused operator request (an unknown realm or user, a broken safety rule).
export class OpsUserErrorResponseDto {
  @ApiProperty({ example: 'No such user' })
  message!: string;
}
