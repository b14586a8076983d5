import { ApiProperty } from '@nestjs/swagger';
import { PageNumber, PageResponseDto, PageSize } from '@platform/http';
import { KYB_STATUSES } from './partner-kyb.entity.js';

export class ListPartnerKybAuditRequestDto {
  @PageNumber()
  page: number = 1;

  @PageSize()
  pageSize: number = 20;
}

class PartnerKybAuditEntryDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ description: 'The X-Operator header of the change, else "ops"' })
  actor!: string;

  @ApiProperty({ format: 'uuid' })
  partnerId!: string;

  @ApiProperty({ enum: KYB_STATUSES, description: 'Before the change: approved for a partner never set' })
  fromStatus!: string;

  @ApiProperty({ enum: KYB_STATUSES })
  toStatus!: string;

  @ApiProperty({ type: String, nullable: true, example: '100', description: 'null: KYB_PENDING_LIMIT' })
  pendingLimit!: string | null;

  @ApiProperty({ format: 'date-time' })
  occurredAt!: string;
}

export class PartnerKybAuditResponseDto extends PageResponseDto {
  @ApiProperty({ type: [PartnerKybAuditEntryDto], description: 'Newest first' })
  entries!: PartnerKybAuditEntryDto[];
}
