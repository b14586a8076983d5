import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsEnum, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { Blockchain, type VerifyTransferRequest } from '@shared/contracts';

export class VerifyTransferRequestDto implements VerifyTransferRequest {
  @ApiProperty({ enum: Blockchain })
  @IsDefined({ message: '$property is required' })
  @IsEnum(Blockchain)
  blockchain!: Blockchain;

  @ApiProperty({ description: 'Stellar or Celo hash, Solana signature' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  onChainTx!: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  transactionId?: string;
}
