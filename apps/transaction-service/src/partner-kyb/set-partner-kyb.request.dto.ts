import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsOptional, Matches, ValidateIf } from 'class-validator';
import { KYB_STATUSES, type KybStatus } from './partner-kyb.entity.js';

export class SetPartnerKybRequestDto {
  @ApiProperty({ enum: KYB_STATUSES, example: 'pending' })
  @IsIn(KYB_STATUSES, { message: `$property must be one of: ${KYB_STATUSES.join(', ')}` })
  @IsDefined({ message: '$property is required' })
  status!: KybStatus;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '100',
    description:
      'While pending: completed volume allowed, in source units; null or absent: KYB_PENDING_LIMIT',
  })
  @Matches(/^\d{1,14}(\.\d{1,6})?$/, { message: '$property must be a decimal string' })
  @ValidateIf((_dto, value) => value !== null)
  @IsOptional()
  pendingLimit?: string | null;
}
