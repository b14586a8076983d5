import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';

export const ROLE_NAMES = ['owner', 'administrator', 'moderator', 'member', 'guest'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

// PATCH /ops/chat/realms/{realmId}/users/{user}: what an operator changes about an account.
export class UpdateOpsUserRequestDto {
  @ApiPropertyOptional({ enum: ROLE_NAMES, description: "The organization's only owner keeps the role" })
  @IsOptional()
  @IsIn(ROLE_NAMES)
  role?: RoleName;

  @ApiPropertyOptional({
    description: "Zulip's operator-granted permission to change addresses (PATCH /users/{id} new_email)",
  })
  @IsOptional()
  @IsBoolean()
  canChangeUserEmails?: boolean;
}
