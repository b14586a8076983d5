import { Module } from '@nestjs/common';
import { ConsoleModule } from './console/console.module.js';
import { CredentialAuthenticator } from './authentication/credential-authenticator.js';
import { GatewayMiddleware } from './authentication/gateway.middleware.js';
import { MergedOpenApi } from './docs/merged-openapi.js';
import { ApiKeyHasher } from './partners/api-key.hasher.js';
import { CreateApiKeyUseCase } from './partners/create-api-key.use-case.js';
import { CreatePartnerUseCase } from './partners/create-partner.use-case.js';
import { OpsPartnersController } from './partners/ops-partners.controller.js';
import { PartnerController } from './partners/partner.controller.js';
import { PartnerKeysController } from './partners/partner-keys.controller.js';
import { PartnerAuditsRepository } from './partners/partner-audits.repository.js';
import { PartnerListQuery } from './partners/partner-list.query.js';
import { PartnersRepository } from './partners/partners.repository.js';
import { RevokeApiKeyUseCase } from './partners/revoke-api-key.use-case.js';
import { ProxyFrontDoor } from './proxy/proxy-front-door.js';
import { ReverseProxy } from './proxy/reverse-proxy.js';
import { SandboxPaymentsModule } from './sandbox-payments/sandbox-payments.module.js';
import { WalletAuthModule } from './wallet-auth/wallet-auth.module.js';

@Module({
  imports: [WalletAuthModule, ConsoleModule, SandboxPaymentsModule],
  controllers: [PartnerController, PartnerKeysController, OpsPartnersController],
  providers: [
    ApiKeyHasher,
    PartnersRepository,
    PartnerAuditsRepository,
    PartnerListQuery,
    CreatePartnerUseCase,
    CreateApiKeyUseCase,
    RevokeApiKeyUseCase,
    CredentialAuthenticator,
    ReverseProxy,
    ProxyFrontDoor,
    GatewayMiddleware,
    MergedOpenApi,
  ],
})
export class ApiGatewayModule {}
