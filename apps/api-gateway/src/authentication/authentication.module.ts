import { Module } from '@nestjs/common';
import { PartnersModule } from '../partners/partners.module.js';
import { WalletAuthModule } from '../wallet-auth/wallet-auth.module.js';
import { CredentialAuthenticator } from './credential-authenticator.js';
import { GatewayMiddleware } from './gateway.middleware.js';

// Who a request comes from (API key, wallet token or ops key), for the proxied requests and the
// gateway's own routes alike.
@Module({
  imports: [PartnersModule, WalletAuthModule],
  providers: [CredentialAuthenticator, GatewayMiddleware],
  exports: [CredentialAuthenticator, GatewayMiddleware],
})
export class AuthenticationModule {}
