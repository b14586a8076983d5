import { ApiProperty } from '@nestjs/swagger';
import { KYB_STATUSES, type KybStatus } from './partner-kyb.entity.js';

export class PartnerKybResponseDto {
  @ApiProperty({ format: 'uuid' })
  partnerId!: string;

  @ApiProperty({ enum: KYB_STATUSES })
  status!: KybStatus;

  @ApiProperty({ description: 'While pending: completed volume allowed, in source units', example: '100' })
  pendingLimit!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Null: never set (approved)' })
  updatedBy!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  updatedAt!: string | null;
}

export class PartnerKybListResponseDto {
  @ApiProperty({ type: [PartnerKybResponseDto], description: 'Partners whose KYB was set, newest first' })
  partners!: PartnerKybResponseDto[];
}
