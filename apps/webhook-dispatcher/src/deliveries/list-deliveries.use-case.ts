import { Injectable } from '@nestjs/common';
import type { ListDeliveriesRequestDto } from './list-deliveries.request.dto.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import {
  type WebhookDeliveryPageResponseDto,
  webhookDeliveryResponse,
} from './webhook-delivery.response.dto.js';

// The partner's deliveries, newest first.
@Injectable()
export class ListDeliveriesUseCase {
  constructor(private readonly deliveries: WebhookDeliveriesRepository) {}

  async execute(partnerId: string, query: ListDeliveriesRequestDto): Promise<WebhookDeliveryPageResponseDto> {
    const [rows, total] = await this.deliveries.listForPartner(
      partnerId,
      {
        ...(query.status ? { status: query.status } : {}),
        ...(query.event_type ? { eventType: query.event_type } : {}),
        ...(query.transaction_id ? { transactionId: query.transaction_id } : {}),
      },
      query.page,
      query.pageSize,
    );
    return {
      page: query.page,
      pageSize: query.pageSize,
      total,
      deliveries: rows.map(webhookDeliveryResponse),
    };
  }
}
