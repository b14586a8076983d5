import { Module } from '@nestjs/common';
import { AuthenticationModule } from './authentication/authentication.module.js';
import { ConsoleModule } from './console/console.module.js';
import { GatewayCoreModule } from './core/gateway-core.module.js';
import { DisabledUsersModule } from './disabled-users/disabled-users.module.js';
import { DocsModule } from './docs/docs.module.js';
import { PartnersModule } from './partners/partners.module.js';
import { ProxyModule } from './proxy/proxy.module.js';
import { RateLimitsModule } from './rate-limits/rate-limits.module.js';
import { SandboxPaymentsModule } from './sandbox-payments/sandbox-payments.module.js';
import { WalletAuthModule } from './wallet-auth/wallet-auth.module.js';

// api-gateway: the core, then one module per feature. Adding a feature is its folder and one line
// here; its tables, migrations and error presentation are found from its module. The OpenAPI
// document lists the gateway's routes in this order.
@Module({
  imports: [
    GatewayCoreModule,
    PartnersModule,
    DisabledUsersModule,
    WalletAuthModule,
    ConsoleModule,
    SandboxPaymentsModule,
    RateLimitsModule,
    AuthenticationModule,
    ProxyModule,
    DocsModule,
  ],
})
export class ApiGatewayModule {}
