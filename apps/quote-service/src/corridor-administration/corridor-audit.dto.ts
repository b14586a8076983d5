import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

const LIMIT = '$property must be an integer from 1 to 200';

export class ListCorridorAuditRequestDto {
  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: 200, description: 'How many, newest first' })
  @Max(200, { message: LIMIT })
  @Min(1, { message: LIMIT })
  @IsInt({ message: LIMIT })
  @IsOptional()
  // Query strings arrive as text; only plain digits become numbers, anything else fails IsInt.
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value,
  )
  limit: number = 50;
}

export class CorridorAuditEntryDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ description: 'The X-Operator header of the change, else "ops"' })
  actor!: string;

  @ApiProperty({
    enum: ['update_flow', 'activate_asset', 'mark_unsupported', 'restore_route', 'set_rail_caps'],
  })
  action!: string;

  @ApiProperty({ example: 'PAYOUT USDC STELLAR → BREB COP' })
  subject!: string;

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The fields asked for' })
  change!: Record<string, string | number | boolean | null>;

  @ApiProperty({ format: 'date-time' })
  occurredAt!: string;
}

export class CorridorAuditResponseDto {
  @ApiProperty({ type: [CorridorAuditEntryDto] })
  entries!: CorridorAuditEntryDto[];
}
