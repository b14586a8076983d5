import { platformSections, type ServiceDefinition } from '@platform/http';
import { ServiceName } from '@shared/contracts';
import { apiGatewayDatabase } from './api-gateway.database.js';
import { GatewayConfig } from './api-gateway.config.js';
import { ApiGatewayModule } from './api-gateway.module.js';
import { GatewayMiddleware } from './authentication/gateway.middleware.js';
import { setupDocs } from './docs/docs.setup.js';
import { GatewayErrorPresenter } from './gateway-error.presenter.js';
import { WalletAuthConfig } from './wallet-auth/wallet-auth.config.js';

const apiGatewaySections = { ...platformSections, gateway: GatewayConfig, walletAuth: WalletAuthConfig };

export const apiGatewayDefinition: ServiceDefinition<typeof apiGatewaySections> = {
  name: ServiceName.ApiGateway,
  title: 'API gateway',
  config: apiGatewaySections,
  database: apiGatewayDatabase,
  imports: [ApiGatewayModule],
  errorPresenter: new GatewayErrorPresenter(),
  // Proxied requests stream through untouched, so the gateway must see them before any body parser.
  beforeBodyParsers: (app) => {
    const gateway = app.get(GatewayMiddleware);
    app.use(gateway.handle.bind(gateway));
    setupDocs(app);
  },
};
