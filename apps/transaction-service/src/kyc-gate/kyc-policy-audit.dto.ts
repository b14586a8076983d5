import { ApiProperty } from '@nestjs/swagger';
import { PageResponseDto } from '@platform/http';
import { PartnerSettingAuditEntryDto } from '../core/http/partner-setting-audit.dto.js';
import { KYC_POLICY_MODES } from './kyc-policy.entity.js';

class KycPolicyAuditEntryDto extends PartnerSettingAuditEntryDto {
  @ApiProperty({ enum: KYC_POLICY_MODES })
  mode!: string;

  @ApiProperty({ type: String, nullable: true, example: '1000', description: 'null: the configured default' })
  thresholdAmount!: string | null;
}

export class KycPolicyAuditResponseDto extends PageResponseDto {
  @ApiProperty({ type: [KycPolicyAuditEntryDto], description: 'Newest first' })
  entries!: KycPolicyAuditEntryDto[];
}
