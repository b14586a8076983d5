import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsEnum, IsOptional, IsUUID } from 'class-validator';
import { PageNumber, PageSize } from '@platform/http';
import { DeliveryStatus } from './webhook-delivery.entity.js';

export class ListDeliveriesRequestDto {
  @ApiPropertyOptional({ enum: DeliveryStatus })
  @IsOptional()
  @IsEnum(DeliveryStatus, { message: 'status must be one of PENDING, DELIVERED, DEAD' })
  status?: DeliveryStatus;

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
