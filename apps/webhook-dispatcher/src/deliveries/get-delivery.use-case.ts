import { Injectable } from '@nestjs/common';
import { deliveryNotFound } from '../core/webhook.errors.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import {
  ATTEMPT_HISTORY_LIMIT,
  type WebhookDeliveryDetailResponseDto,
  webhookDeliveryDetailResponse,
} from './webhook-delivery-detail.response.dto.js';

// One of the partner's deliveries with its body and attempts; another partner's is not found.
@Injectable()
export class GetDeliveryUseCase {
  constructor(private readonly deliveries: WebhookDeliveriesRepository) {}

  async execute(partnerId: string, deliveryId: string): Promise<WebhookDeliveryDetailResponseDto> {
    const [delivery, attempts] = await Promise.all([
      this.deliveries.findForPartner(partnerId, deliveryId),
      this.deliveries.attemptsOf(partnerId, deliveryId, ATTEMPT_HISTORY_LIMIT),
    ]);
    if (!delivery) throw deliveryNotFound();
    return webhookDeliveryDetailResponse(delivery, attempts);
  }
}
