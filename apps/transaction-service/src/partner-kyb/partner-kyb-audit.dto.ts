import { ApiProperty } from '@nestjs/swagger';
import { PageResponseDto } from '@platform/http';
import { PartnerSettingAuditEntryDto } from '../core/http/partner-setting-audit.dto.js';
import { KYB_STATUSES } from './partner-kyb.entity.js';

class PartnerKybAuditEntryDto extends PartnerSettingAuditEntryDto {
  @ApiProperty({ enum: KYB_STATUSES, description: 'Before the change: approved for a partner never set' })
  fromStatus!: string;

  @ApiProperty({ enum: KYB_STATUSES })
  toStatus!: string;

  @ApiProperty({ type: String, nullable: true, example: '100', description: 'null: KYB_PENDING_LIMIT' })
  pendingLimit!: string | null;
}

export class PartnerKybAuditResponseDto extends PageResponseDto {
  @ApiProperty({ type: [PartnerKybAuditEntryDto], description: 'Newest first' })
  entries!: PartnerKybAuditEntryDto[];
}
