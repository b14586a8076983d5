import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min, ValidateIf } from 'class-validator';
import { MAX_ACTIVE_KEYS_LIMIT } from './key-quota.js';

const MESSAGE = `$property must be an integer from 1 to ${MAX_ACTIVE_KEYS_LIMIT}, or null for the default`;

export class SetKeyQuotaRequestDto {
  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: 1,
    maximum: MAX_ACTIVE_KEYS_LIMIT,
    example: 25,
    description: 'The most unrevoked keys the partner may hold; null: API_KEY_QUOTA_DEFAULT',
  })
  @Max(MAX_ACTIVE_KEYS_LIMIT, { message: MESSAGE })
  @Min(1, { message: MESSAGE })
  @IsInt({ message: MESSAGE })
  @ValidateIf((_dto, value) => value !== null)
  maxActiveKeys!: number | null;
}
