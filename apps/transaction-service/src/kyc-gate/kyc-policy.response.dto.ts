import { ApiProperty } from '@nestjs/swagger';
import { KYC_POLICY_MODES } from './kyc-policy.entity.js';

export class KycPolicyResponseDto {
  @ApiProperty({ format: 'uuid' })
  partnerId!: string;

  @ApiProperty({ enum: KYC_POLICY_MODES })
  mode!: string;

  @ApiProperty({ example: '1000', description: 'USD-equivalent over 30 days, a decimal string' })
  thresholdAmount!: string;

  @ApiProperty({ enum: ['default', 'partner'], description: '`default` until an operator sets one' })
  source!: string;
}
