import { ApiProperty } from '@nestjs/swagger';
import { PageResponseDto } from '@platform/http';
import type { RedeliveryOutcome } from './redeliver.use-case.js';
import { WEBHOOK_EVENT_TYPES } from './transaction-webhook.payload.js';
import { DeliveryStatus, type WebhookDeliveryEntity } from './webhook-delivery.entity.js';

const nullableTime = { format: 'date-time', nullable: true, type: String } as const;

export class WebhookDeliveryResponseDto {
  @ApiProperty({ format: 'uuid', description: 'The Webhook-Id header of every attempt' })
  id!: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES })
  event_type!: string;

  @ApiProperty({ format: 'uuid', nullable: true, type: String })
  transaction_id!: string | null;

  @ApiProperty({ nullable: true, type: Number, description: "Order of the event among its transaction's" })
  sequence!: number | null;

  @ApiProperty({
    enum: DeliveryStatus,
    description: 'PENDING: not yet acknowledged (retried); DELIVERED: a 2xx came back; DEAD: failed for 24 h',
  })
  status!: DeliveryStatus;

  @ApiProperty()
  attempts!: number;

  @ApiProperty({
    nullable: true,
    type: String,
    enum: [
      'delivered',
      'http_error',
      'timeout',
      'connection_error',
      'dns_error',
      'tls_error',
      'blocked_address',
    ],
  })
  last_outcome!: string | null;

  @ApiProperty({ nullable: true, type: Number })
  last_status_code!: number | null;

  @ApiProperty(nullableTime)
  last_attempt_at!: string | null;

  @ApiProperty(nullableTime)
  next_attempt_at!: string | null;

  @ApiProperty(nullableTime)
  delivered_at!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

export class RedeliveryResponseDto extends WebhookDeliveryResponseDto {
  @ApiProperty({
    enum: ['sent', 'queued', 'in_progress'],
    description:
      'sent: attempted now (last_outcome and last_status_code tell how it went); queued: an earlier event of its transaction is still pending, it is sent after that one; in_progress: an attempt was already under way, nothing changed',
  })
  redelivery!: RedeliveryOutcome;
}

export class WebhookDeliveryPageResponseDto extends PageResponseDto {
  @ApiProperty({ type: [WebhookDeliveryResponseDto] })
  deliveries!: WebhookDeliveryResponseDto[];
}

export function webhookDeliveryResponse(delivery: WebhookDeliveryEntity): WebhookDeliveryResponseDto {
  return {
    id: delivery.id,
    event_type: delivery.eventType,
    transaction_id: delivery.transactionId,
    sequence: delivery.sequence,
    status: delivery.status,
    attempts: delivery.attemptCount,
    last_outcome: delivery.lastOutcome,
    last_status_code: delivery.lastStatusCode,
    last_attempt_at: delivery.lastAttemptAt?.toISOString() ?? null,
    next_attempt_at: delivery.nextAttemptAt?.toISOString() ?? null,
    delivered_at: delivery.deliveredAt?.toISOString() ?? null,
    created_at: delivery.createdAt.toISOString(),
  };
}
