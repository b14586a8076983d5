import { IsBoolean, IsIn, IsOptional } from 'class-validator';

export const ROLE_NAMES = ['owner', 'administrator', 'moderator', 'member', 'guest'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

// PATCH /ops/chat/realms/{realmId}/users/{user}: what an operator changes about an account.
export class UpdateOpsUserRequestDto {
  @IsOptional()
  @IsIn(ROLE_NAMES)
  role?: RoleName;

  // Zulip's operator-only special permission for PATCH /users/{id} `new_email`.
  @IsOptional()
  @IsBoolean()
  canChangeUserEmails?: boolean;
}
