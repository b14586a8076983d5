import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsOptional, Matches, ValidateIf } from 'class-validator';
import { KYC_POLICY_MODES, type KycPolicyMode } from './kyc-policy.entity.js';

export class SetKycPolicyRequestDto {
  @ApiProperty({ enum: KYC_POLICY_MODES, example: 'threshold' })
  @IsIn(KYC_POLICY_MODES, { message: `$property must be one of: ${KYC_POLICY_MODES.join(', ')}` })
  @IsDefined({ message: '$property is required' })
  mode!: KycPolicyMode;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '1000',
    description: 'USD-equivalent over 30 days for threshold; null or absent: the configured default',
  })
  @Matches(/^\d{1,14}(\.\d{1,6})?$/, { message: '$property must be a decimal string' })
  @ValidateIf((_dto, value) => value !== null)
  @IsOptional()
  thresholdAmount?: string | null;
}
