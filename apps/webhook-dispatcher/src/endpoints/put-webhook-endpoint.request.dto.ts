import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsOptional, IsString, MaxLength } from 'class-validator';

export class PutWebhookEndpointRequestDto {
  @ApiProperty({
    description:
      'Where events are POSTed. https, and never a private, loopback, link-local or special-purpose address (IANA special-purpose registries, NAT64, 6to4 and Teredo included).',
    example: 'https://partner.example.com/payout-webhooks',
    maxLength: 2048,
  })
  @IsDefined({ message: 'url is required' })
  @IsString()
  @MaxLength(2048, { message: 'url must be at most 2048 characters' })
  url!: string;

  @ApiPropertyOptional({
    description:
      'Replace the signing secret. The new one is returned once; the previous one keeps signing during the grace period (24 h by default).',
    default: false,
  })
  @IsOptional()
  @IsBoolean()
  rotate_secret?: boolean;
}
