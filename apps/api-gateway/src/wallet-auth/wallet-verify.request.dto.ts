import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsUUID } from 'class-validator';
import { ChainIdField, RequiredString, WalletAddressField } from './wallet-auth.fields.js';

export class WalletVerifyRequestDto {
  @WalletAddressField()
  address!: string;

  @ApiProperty({ description: 'From POST /walletAuth/challenge', format: 'uuid' })
  @IsDefined({ message: '$property is required' })
  @IsUUID('all', { message: '$property must be the challengeToken of a challenge' })
  challengeToken!: string;

  @RequiredString(
    256,
    'The wallet signature of the challenge message: base64 (Stellar, Solana), base58 (Solana) or 0x-hex (EVM)',
    '0x…',
  )
  signature!: string;

  @ChainIdField()
  chainId?: string;
}
