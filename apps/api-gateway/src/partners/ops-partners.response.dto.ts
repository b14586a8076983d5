import { ApiProperty } from '@nestjs/swagger';

export class IssuedApiKeyResponseDto {
  @ApiProperty({ format: 'uuid' })
  keyId!: string;

  @ApiProperty({ description: 'Shown once: only its hash is kept', example: 'pk_t5Y0Us8rIUKqa2jj…' })
  apiKey!: string;

  @ApiProperty({ description: 'What lists show of the key', example: 'pk_t5Y0Us8r' })
  displayPrefix!: string;
}

export class CreatedPartnerResponseDto extends IssuedApiKeyResponseDto {
  @ApiProperty({ format: 'uuid' })
  partnerId!: string;

  @ApiProperty({ example: 'Acme Payments' })
  name!: string;
}

class ApiKeyViewDto {
  @ApiProperty({ format: 'uuid' })
  keyId!: string;

  @ApiProperty({ example: 'pk_t5Y0Us8r' })
  displayPrefix!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  revokedAt!: string | null;
}

export class ApiKeyListResponseDto {
  @ApiProperty({ type: [ApiKeyViewDto] })
  keys!: ApiKeyViewDto[];
}
