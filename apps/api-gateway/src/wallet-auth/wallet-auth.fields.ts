import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

// CAIP-2: namespace:reference.
const CAIP2_CHAIN_ID = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/;

// The field stacks the wallet-auth requests share, composed once.
export const RequiredString = (maxLength: number, description: string, example: string) =>
  applyDecorators(
    ApiProperty({ description, example, maxLength }),
    IsDefined({ message: '$property is required' }),
    IsString(),
    IsNotEmpty(),
    MaxLength(maxLength),
  );

export const WalletAddressField = () =>
  RequiredString(
    64,
    'Stellar public key (G…), Solana public key (base58) or EVM address (0x…)',
    'GBGKILE3KEGRSNBF4W7OBSETY2L7TJEGX6N7OPLRPO6LS557MMIBLAAQ',
  );

export const ChainIdField = () =>
  applyDecorators(
    ApiPropertyOptional({
      description: 'CAIP-2 chain id; inferred from the address when absent',
      example: 'stellar:pubnet',
    }),
    IsOptional(),
    IsString(),
    Matches(CAIP2_CHAIN_ID, {
      message: '$property must be a CAIP-2 chain id such as stellar:pubnet, solana:mainnet or eip155:42220',
    }),
  );
