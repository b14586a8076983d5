import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { WebhookEndpoint } from '../endpoint-registry/webhook-endpoint.js';

export class WebhookEndpointResponseDto {
  @ApiProperty({ example: 'https://partner.example.com/payout-webhooks' })
  url!: string;

  @ApiPropertyOptional({
    description:
      'The signing secret, shown only in the answer that created it (registration, rotation). Keep it: it cannot be read again.',
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw1t1jGvjJ1wA=',
  })
  secret?: string;

  @ApiProperty({ format: 'date-time' })
  secret_created_at!: string;

  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'Until when the secret replaced by the last rotation still signs',
  })
  previous_secret_expires_at!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;
}

export function webhookEndpointResponse(
  endpoint: WebhookEndpoint,
  now: Date,
  newSecret: string | null = null,
): WebhookEndpointResponseDto {
  const graceEnds = endpoint.previousSecretExpiresAt;
  return {
    url: endpoint.url,
    ...(newSecret ? { secret: newSecret } : {}),
    secret_created_at: endpoint.secretCreatedAt.toISOString(),
    previous_secret_expires_at: graceEnds && graceEnds > now ? graceEnds.toISOString() : null,
    created_at: endpoint.createdAt.toISOString(),
    updated_at: endpoint.updatedAt.toISOString(),
  };
}
