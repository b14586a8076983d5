import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsEnum, IsIn, IsOptional, IsUUID } from 'class-validator';
import { PageNumber, PageSize } from '@platform/http';
import { WEBHOOK_EVENT_TYPES } from './transaction-webhook.payload.js';
import { DeliveryStatus } from './webhook-delivery.entity.js';

export class ListDeliveriesRequestDto {
  @ApiPropertyOptional({ enum: DeliveryStatus })
  @IsOptional()
  @IsEnum(DeliveryStatus, { message: 'status must be one of PENDING, DELIVERED, DEAD' })
  status?: DeliveryStatus;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENT_TYPES })
  @IsOptional()
  @IsIn(WEBHOOK_EVENT_TYPES, { message: `event_type must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` })
  event_type?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'transaction_id must be a UUID' })
  transaction_id?: string;

  @PageNumber()
  page: number = 1;

  @PageSize()
  pageSize: number = 20;
}

export class DeliveryIdParamDto {
  @IsUUID('all', { message: 'id must be a UUID' })
  id!: string;
}
