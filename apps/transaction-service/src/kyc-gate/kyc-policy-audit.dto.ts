import { ApiProperty } from '@nestjs/swagger';
import { PageNumber, PageResponseDto, PageSize } from '@platform/http';
import { KYC_POLICY_MODES } from './kyc-policy.entity.js';

export class ListKycPolicyAuditRequestDto {
  @PageNumber()
  page: number = 1;

  @PageSize()
  pageSize: number = 20;
}

class KycPolicyAuditEntryDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ description: 'The X-Operator header of the change, else "ops"' })
  actor!: string;

  @ApiProperty({ format: 'uuid' })
  partnerId!: string;

  @ApiProperty({ enum: KYC_POLICY_MODES })
  mode!: string;

  @ApiProperty({ type: String, nullable: true, example: '1000', description: 'null: the configured default' })
  thresholdAmount!: string | null;

  @ApiProperty({ format: 'date-time' })
  occurredAt!: string;
}

export class KycPolicyAuditResponseDto extends PageResponseDto {
  @ApiProperty({ type: [KycPolicyAuditEntryDto], description: 'Newest first' })
  entries!: KycPolicyAuditEntryDto[];
}
