import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

// Every field is present only when the payload carries it.
class DecodedPixQrDto {
  @ApiPropertyOptional({
    description: 'The PIX key; absent for dynamic codes, which carry a URL instead',
    example: '123e4567-e12b-12d1-a456-426655440000',
  })
  account?: string;

  @ApiPropertyOptional({ description: 'The amount as written in the code (field 54)', example: '10.00' })
  amount?: string;

  @ApiPropertyOptional({ description: 'ISO 4217 alphabetic code where known (986 is BRL)', example: 'BRL' })
  currency?: string;

  @ApiPropertyOptional({ description: 'Merchant (receiver) name', example: 'Fulano de Tal' })
  name?: string;

  @ApiPropertyOptional({ description: "Receiver's CPF or CNPJ, when the payload carries one" })
  taxId?: string;
}

export class DecodedPixQrResponseDto {
  @ApiProperty({ type: DecodedPixQrDto })
  decoded!: DecodedPixQrDto;
}

export class QrDecoderErrorResponseDto {
  @ApiProperty({ enum: ['invalid_request', 'authentication_failed', 'server_error'] })
  code!: string;

  @ApiProperty({ example: 'The QR code checksum (CRC16) is invalid' })
  reason!: string;

  @ApiProperty()
  retryable!: boolean;
}
