import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsEnum, IsOptional } from 'class-validator';
import { Blockchain } from '@shared/contracts';
import { ChainIdField, WalletAddressField } from './wallet-auth.fields.js';

export class WalletChallengeRequestDto {
  @WalletAddressField()
  address!: string;

  @ChainIdField()
  chainId?: string;

  // The payout API's own name for the chain, as in quotes; an alternative to chainId.
  @ApiPropertyOptional({ enum: Blockchain, example: Blockchain.STELLAR })
  @IsOptional()
  @IsEnum(Blockchain)
  blockchain?: Blockchain;
}
