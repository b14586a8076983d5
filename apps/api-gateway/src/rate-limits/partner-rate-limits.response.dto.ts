import { ApiProperty } from '@nestjs/swagger';
import { PageResponseDto } from '@platform/http';
import { ROUTE_CLASSES } from './route-class.js';

class RateLimitViewDto {
  @ApiProperty({ enum: ROUTE_CLASSES })
  class!: string;

  @ApiProperty({ example: 300, description: 'Requests per window' })
  limit!: number;

  @ApiProperty({ example: 60 })
  windowSeconds!: number;

  @ApiProperty({ enum: ['default', 'override'], description: 'override: set by an operator' })
  source!: 'default' | 'override';
}

export class PartnerRateLimitsResponseDto {
  @ApiProperty({ format: 'uuid' })
  partnerId!: string;

  @ApiProperty({ type: [RateLimitViewDto], description: 'Every route class, in a fixed order' })
  limits!: RateLimitViewDto[];
}

class PartnerRateLimitAuditEntryDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ description: 'The X-Operator header of the change, else "ops"' })
  actor!: string;

  @ApiProperty({ format: 'uuid' })
  partnerId!: string;

  @ApiProperty({ example: '', description: 'The overrides before, `class=limit/seconds,…`; empty: none' })
  fromLimits!: string;

  @ApiProperty({ example: 'quotes=1000/60', description: 'The overrides after' })
  toLimits!: string;

  @ApiProperty({ format: 'date-time' })
  occurredAt!: string;
}

export class PartnerRateLimitAuditResponseDto extends PageResponseDto {
  @ApiProperty({ type: [PartnerRateLimitAuditEntryDto], description: 'Newest first' })
  entries!: PartnerRateLimitAuditEntryDto[];
}
