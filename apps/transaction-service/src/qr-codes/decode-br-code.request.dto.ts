import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString } from 'class-validator';
import { BR_CODE_MAX_LENGTH } from './decode-br-code.use-case.js';

export class DecodeBrCodeRequestDto {
  @ApiProperty({
    description: 'The raw PIX QR payload (BR Code, "Pix copia e cola"), URL-encoded',
    maxLength: BR_CODE_MAX_LENGTH,
    example:
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
  })
  @IsDefined({ message: '$property is required' })
  @IsString()
  @IsNotEmpty({ message: '$property is required' })
  qrCode!: string;
}
