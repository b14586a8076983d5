import { ApiProperty } from '@nestjs/swagger';
import { CHAIN_FAMILIES, chainRail, type ChainFamily } from '@payout/rails';
import { Blockchain } from '@shared/contracts';

export class WalletChallengeResponseDto {
  @ApiProperty({ format: 'uuid', description: 'Send back to /walletAuth/verify' })
  challengeToken!: string;

  @ApiProperty({ enum: ['utf8'], description: 'The message is signed as UTF-8 text' })
  format!: 'utf8';

  @ApiProperty({ description: 'The exact text the wallet must sign' })
  message!: string;

  @ApiProperty()
  nonce!: string;

  @ApiProperty({ description: 'The address in canonical form (EVM: checksummed)' })
  address!: string;

  @ApiProperty({ enum: CHAIN_FAMILIES })
  chainFamily!: ChainFamily;

  @ApiProperty({ example: chainRail(Blockchain.STELLAR).chainId })
  chainId!: string;

  @ApiProperty({ format: 'date-time' })
  expiresAt!: string;
}

export class WalletTokensResponseDto {
  @ApiProperty({ description: 'Access token: send as Authorization: Bearer <token>' })
  token!: string;

  @ApiProperty({ description: 'Single use: /walletAuth/refresh exchanges it for a new pair' })
  refreshToken!: string;

  @ApiProperty({ description: 'Access token lifetime in seconds', example: 900 })
  expiresIn!: number;

  @ApiProperty({ description: 'Refresh token lifetime in seconds', example: 604800 })
  refreshExpiresIn!: number;
}
