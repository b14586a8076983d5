import { ApiProperty } from '@nestjs/swagger';
import { AttemptOutcome } from '../outbound/webhook-sender.js';
import type { WebhookAttemptEntity } from './webhook-attempt.entity.js';
import type { WebhookDeliveryEntity } from './webhook-delivery.entity.js';
import { WebhookDeliveryResponseDto, webhookDeliveryResponse } from './webhook-delivery.response.dto.js';

// A delivery retried for a day makes about twenty attempts; redeliveries add more without bound.
export const ATTEMPT_HISTORY_LIMIT = 50;

export class WebhookAttemptResponseDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'date-time' })
  started_at!: string;

  @ApiProperty({ description: 'From sending the request to the end of the answer (or the failure)' })
  duration_ms!: number;

  @ApiProperty({ enum: AttemptOutcome })
  outcome!: AttemptOutcome;

  @ApiProperty({ nullable: true, type: Number, description: 'Null when no HTTP answer came back' })
  status_code!: number | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    nullable: true,
    example: {
      'content-type': 'application/json',
      'webhook-id': '0b9c1f0e-6d1c-4b8e-9a0e-2f3c4d5e6f70',
      'webhook-timestamp': '1796800000',
      'webhook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
      'user-agent': 'payout-webhook-dispatcher/1',
    },
    description:
      'The headers sent, by lower-case name; X-Service-Webhook-Secret (the secret itself) is never shown. Null for attempts made before headers were kept',
  })
  request_headers!: Record<string, string> | null;

  @ApiProperty({
    nullable: true,
    type: String,
    description: 'The start of the response body (at most 2 KiB, as UTF-8 text); null when there was none',
  })
  response_excerpt!: string | null;
}

// One delivery with what support needs to explain it: the exact body and every attempt.
export class WebhookDeliveryDetailResponseDto extends WebhookDeliveryResponseDto {
  @ApiProperty({ description: 'The JSON body every attempt sent, byte for byte (what the signature covers)' })
  request_body!: string;

  @ApiProperty({
    type: [WebhookAttemptResponseDto],
    description: `Newest first, at most ${ATTEMPT_HISTORY_LIMIT}; \`attempts\` counts them all`,
  })
  attempt_history!: WebhookAttemptResponseDto[];
}

export function webhookDeliveryDetailResponse(
  delivery: WebhookDeliveryEntity,
  attempts: readonly WebhookAttemptEntity[],
): WebhookDeliveryDetailResponseDto {
  return {
    ...webhookDeliveryResponse(delivery),
    request_body: delivery.body,
    attempt_history: attempts.map((attempt) => ({
      id: attempt.id,
      started_at: attempt.startedAt.toISOString(),
      duration_ms: attempt.durationMs,
      outcome: attempt.outcome as AttemptOutcome,
      status_code: attempt.statusCode,
      request_headers: attempt.requestHeaders,
      // Attempts made before excerpts were kept have only the short printable snippet.
      response_excerpt: attempt.responseExcerpt ?? attempt.responseSnippet,
    })),
  };
}
