import { Module } from '@nestjs/common';
import { PartnersModule } from '../partners/partners.module.js';
import { RateLimitsModule } from '../rate-limits/rate-limits.module.js';
import { WalletAuthModule } from '../wallet-auth/wallet-auth.module.js';
import { CredentialAuthenticator } from './credential-authenticator.js';
import { GatewayMiddleware } from './gateway.middleware.js';
import { RequestAdmission } from './request-admission.js';

// Who a request comes from (API key, wallet token or ops key), for the proxied requests and the
// gateway's own routes alike, held to the rate limits.
@Module({
  imports: [PartnersModule, WalletAuthModule, RateLimitsModule],
  providers: [CredentialAuthenticator, RequestAdmission, GatewayMiddleware],
  exports: [CredentialAuthenticator, RequestAdmission, GatewayMiddleware],
})
export class AuthenticationModule {}
