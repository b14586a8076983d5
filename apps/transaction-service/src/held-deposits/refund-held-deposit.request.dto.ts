import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export class RefundHeldDepositRequestDto {
  @ApiPropertyOptional({
    maxLength: 120,
    description:
      "Where to send it, an address of the deposit's chain; the deposit's sender when absent (e.g. an exchange's shared wallet that cannot credit it back)",
  })
  @MaxLength(120, { message: '$property must be at most 120 characters' })
  @IsNotEmpty({ message: '$property must not be empty' })
  @IsString({ message: '$property must be a string' })
  @IsOptional()
  destination?: string;
}
