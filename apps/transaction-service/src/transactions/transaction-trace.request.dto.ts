import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class TransactionTraceRequestDto {
  @ApiProperty({ description: "A transaction's transaction_reference (a Stellar deposit's memo)" })
  @MaxLength(64, { message: '$property must be at most 64 characters' })
  @IsNotEmpty({ message: '$property must not be empty' })
  @IsString()
  @IsDefined({ message: '$property is required' })
  reference!: string;
}
