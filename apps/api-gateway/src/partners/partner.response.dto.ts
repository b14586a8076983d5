import { ApiProperty } from '@nestjs/swagger';

export class PartnerResponseDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'Acme Payments' })
  name!: string;
}
