import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class CreatePartnerRequestDto {
  @ApiProperty({ example: 'Acme Payments' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name!: string;
}
