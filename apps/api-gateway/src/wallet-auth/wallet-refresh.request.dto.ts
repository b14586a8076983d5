import { RequiredString } from './wallet-auth.fields.js';

export class WalletRefreshRequestDto {
  // Named `token` as in the reference API; it is the refresh token, not the access token.
  @RequiredString(2048, 'The refreshToken from /walletAuth/verify or the last /walletAuth/refresh', 'eyJ…')
  token!: string;
}
