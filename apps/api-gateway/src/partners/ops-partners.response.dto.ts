import { ApiProperty } from '@nestjs/swagger';
import { PageResponseDto } from '@platform/http';
import { PARTNER_AUDIT_ACTIONS } from './partner-audit.entity.js';

export class IssuedApiKeyResponseDto {
  @ApiProperty({ format: 'uuid' })
  keyId!: string;

  @ApiProperty({ description: 'Shown once: only its hash is kept', example: 'pk_t5Y0Us8rIUKqa2jj…' })
  apiKey!: string;

  @ApiProperty({ description: 'What lists show of the key', example: 'pk_t5Y0Us8r' })
  displayPrefix!: string;
}

export class CreatedPartnerResponseDto extends IssuedApiKeyResponseDto {
  @ApiProperty({ format: 'uuid' })
  partnerId!: string;

  @ApiProperty({ example: 'Acme Payments' })
  name!: string;
}

class ApiKeyViewDto {
  @ApiProperty({ format: 'uuid' })
  keyId!: string;

  @ApiProperty({ example: 'pk_t5Y0Us8r' })
  displayPrefix!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  revokedAt!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'production server',
    description: 'Given at creation',
  })
  name!: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When it last authenticated a request (recorded up to a minute late); null: never',
  })
  lastUsedAt!: string | null;
}

export class ApiKeyListResponseDto extends PageResponseDto {
  @ApiProperty({ example: 2, description: 'Keys not revoked, over every page' })
  activeKeys!: number;

  @ApiProperty({
    example: 10,
    description:
      'Its key quota: the most keys not revoked it may hold (one more is 409 api_key_quota_reached)',
  })
  maxActiveKeys!: number;

  @ApiProperty({ type: [ApiKeyViewDto], description: 'Newest first, revoked ones included' })
  keys!: ApiKeyViewDto[];
}

export class PartnerSummaryDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'Acme Payments' })
  name!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ example: 1, description: 'Keys not revoked' })
  activeKeys!: number;

  @ApiProperty({ example: 10, description: 'Its key quota: the most keys not revoked it may hold' })
  maxActiveKeys!: number;

  @ApiProperty({
    enum: ['default', 'operator'],
    description: 'Whether the quota is API_KEY_QUOTA_DEFAULT or one an operator set for this partner',
  })
  keyQuotaSource!: 'default' | 'operator';
}

export class PartnerListResponseDto extends PageResponseDto {
  @ApiProperty({ type: [PartnerSummaryDto], description: 'Newest first' })
  partners!: PartnerSummaryDto[];
}

class PartnerAuditEntryDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ description: 'The X-Operator header of the change (else "ops"), or "partner"' })
  actor!: string;

  @ApiProperty({ enum: PARTNER_AUDIT_ACTIONS })
  action!: string;

  @ApiProperty({ format: 'uuid' })
  partnerId!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Acme Payments',
    description: "The partner's name now",
  })
  partnerName!: string | null;

  @ApiProperty({ example: 'pk_t5Y0Us8r', description: "The partner's name or the key's prefix" })
  subject!: string;

  @ApiProperty({ format: 'date-time' })
  occurredAt!: string;
}

export class PartnerAuditResponseDto extends PageResponseDto {
  @ApiProperty({ type: [PartnerAuditEntryDto], description: 'Newest first' })
  entries!: PartnerAuditEntryDto[];
}
