import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  Allow,
  IsDefined,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  IsUUID,
  MaxLength,
} from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

// Stacked decorators apply bottom-up: IsDefined is checked, and reported, first.
export class AcceptTransactionRequestDto {
  @ApiProperty({ format: 'uuid', description: 'The quote to execute' })
  @IsUUID('all', { message: '$property must be a UUID' })
  @IsDefined({ message: '$property is required' })
  quote_id!: string;

  @ApiProperty({
    description: "The partner's user id (a Bearer caller's own wallet address)",
    maxLength: 128,
  })
  @MaxLength(128, { message: '$property must be at most 128 characters' })
  @IsNotEmpty({ message: '$property must not be empty' })
  @IsString()
  @IsDefined({ message: '$property is required' })
  @Transform(trim)
  user_id!: string;

  @ApiPropertyOptional({ description: 'Recipient key (PIX or Bre-B); required unless qr_code is sent' })
  @IsString()
  @IsOptional()
  account_number?: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'PIX QR payload (BR Code); required unless account_number is sent',
  })
  @IsString()
  @IsOptional()
  qr_code?: string | null;

  @ApiPropertyOptional({ description: 'User tax id (CPF/NIT)', maxLength: 32 })
  @MaxLength(32, { message: '$property must be at most 32 characters' })
  @IsString()
  @IsOptional()
  @Transform(trim)
  tax_id?: string;

  @ApiPropertyOptional({ description: 'Redirect used by hosted KYC flows', maxLength: 2048 })
  @MaxLength(2048, { message: '$property must be at most 2048 characters' })
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  @IsOptional()
  redirectUrl?: string;

  // No longer part of requests: rails are resolved by the service. Accepted and ignored, so that
  // clients written against the old API keep working; documented, as a body naming it is valid.
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    deprecated: true,
    description: 'Ignored: the payout rail is resolved by the service',
  })
  @Allow()
  bank_code?: unknown;
}
