import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsIn, IsISO8601, IsNotEmpty, IsString, IsUUID, MaxLength } from 'class-validator';
import { Blockchain, type OpenDepositAccountRequest } from '@shared/contracts';

export class OpenDepositAccountRequestDto implements OpenDepositAccountRequest {
  @ApiProperty({ enum: [Blockchain.SOLANA, Blockchain.CELO] })
  @IsIn([Blockchain.SOLANA, Blockchain.CELO], { message: '$property must be SOLANA or CELO' })
  @IsDefined({ message: '$property is required' })
  blockchain!: Blockchain;

  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  @IsDefined({ message: '$property is required' })
  transactionId!: string;

  @ApiProperty({ description: 'Solana mint or Celo token contract' })
  @MaxLength(200)
  @IsNotEmpty()
  @IsString()
  @IsDefined({ message: '$property is required' })
  asset!: string;

  @ApiProperty({ format: 'date-time' })
  @IsISO8601({ strict: true })
  @IsDefined({ message: '$property is required' })
  expiresAt!: string;
}
