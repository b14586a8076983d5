import { platformSections, type ServiceDefinition } from '@platform/http';
import { ServiceName } from '@shared/contracts';
import { apiGatewayDatabase } from './api-gateway.database.js';
import { ConsoleConfig } from './console/console.config.js';
import { GatewayConfig } from './core/api-gateway.config.js';
import { ApiGatewayModule } from './api-gateway.module.js';
import { GatewayMiddleware } from './authentication/gateway.middleware.js';
import { setupDocs } from './docs/docs.setup.js';
import { PartnersConfig } from './partners/partners.config.js';
import { ProxyFrontDoor } from './proxy/proxy-front-door.js';
import { RateLimitsConfig } from './rate-limits/rate-limits.config.js';
import { SandboxPaymentsConfig } from './sandbox-payments/sandbox-payments.config.js';
import { GatewayErrorPresenter } from './core/errors/gateway-error.presenter.js';
import { GatewayErrorResponseDto } from './core/errors/gateway-error.response.dto.js';
import { featureErrorPresentersOf } from './core/errors/presents-errors.js';
import { WalletAuthConfig } from './wallet-auth/wallet-auth.config.js';

const apiGatewaySections = {
  ...platformSections,
  gateway: GatewayConfig,
  partners: PartnersConfig,
  walletAuth: WalletAuthConfig,
  console: ConsoleConfig,
  sandboxPayments: SandboxPaymentsConfig,
  rateLimits: RateLimitsConfig,
};

export const apiGatewayDefinition: ServiceDefinition<typeof apiGatewaySections> = {
  name: ServiceName.ApiGateway,
  title: 'API gateway',
  config: apiGatewaySections,
  database: apiGatewayDatabase,
  imports: [ApiGatewayModule],
  errorPresenter: new GatewayErrorPresenter(featureErrorPresentersOf(ApiGatewayModule)),
  errorResponse: GatewayErrorResponseDto,
  // Requests for other services are proxied before Express sees them.
  frontDoor: (app) => {
    const frontDoor = app.get(ProxyFrontDoor);
    return frontDoor.handle.bind(frontDoor);
  },
  // The gateway's own routes authenticate the same way as proxied ones.
  beforeBodyParsers: (app) => {
    const gateway = app.get(GatewayMiddleware);
    app.use(gateway.handle.bind(gateway));
    setupDocs(app);
  },
};
