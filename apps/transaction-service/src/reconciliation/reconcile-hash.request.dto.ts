import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsEnum, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { Blockchain } from '@shared/contracts';

// Stacked decorators apply bottom-up: IsDefined is checked, and reported, first.
export class ReconcileHashRequestDto {
  @ApiProperty({ enum: Blockchain })
  @IsEnum(Blockchain, { message: 'blockchain must be one of STELLAR, SOLANA, CELO' })
  @IsDefined({ message: '$property is required' })
  blockchain!: Blockchain;

  @ApiProperty({ description: 'Stellar or Celo hash, Solana signature', maxLength: 128 })
  @MaxLength(128, { message: '$property must be at most 128 characters' })
  @IsNotEmpty({ message: '$property must not be empty' })
  @IsString({ message: '$property must be a string' })
  @IsDefined({ message: '$property is required' })
  on_chain_tx!: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'The transaction the transfer pays; needed for SOLANA and CELO transfers not yet matched',
  })
  @IsUUID('all', { message: '$property must be a UUID' })
  @IsOptional()
  transaction_id?: string;
}
