import { IsInt, IsString, Matches, Min, MinLength } from 'class-validator';
import { Secret } from '@platform/config';

const MINUTE_MS = 60_000;

export class WalletAuthConfig {
  // Signs wallet access and refresh tokens (HS256); changing it ends every wallet session.
  @Secret()
  @IsString()
  @MinLength(32, { message: 'WALLET_JWT_SECRET must be at least 32 characters' })
  WALLET_JWT_SECRET!: string;

  // How long a challenge may be signed. Tests set it to 1 to get an expired challenge at once.
  @IsInt()
  @Min(1)
  WALLET_CHALLENGE_TTL_MS: number = 5 * MINUTE_MS;

  @IsInt()
  @Min(MINUTE_MS)
  WALLET_ACCESS_TOKEN_TTL_MS: number = 15 * MINUTE_MS;

  @IsInt()
  @Min(MINUTE_MS)
  WALLET_REFRESH_TOKEN_TTL_MS: number = 7 * 24 * 60 * MINUTE_MS;

  // Named in the message the wallet shows, so the user sees who asks for the signature.
  @IsString()
  @Matches(/^[A-Za-z0-9.-]+(:[0-9]{1,5})?$/, {
    message: 'WALLET_AUTH_DOMAIN must be a host name such as api.example.com',
  })
  WALLET_AUTH_DOMAIN: string = 'localhost';
}
