import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Get, Module } from '@nestjs/common';
import { InMemoryEventBus } from '@platform/messaging';
import { startTestDatabase, type TestDatabase } from '@platform/test-support';
import { ServiceName } from '@shared/contracts';
import { platformSections, type ServiceDefinition } from '../bootstrap/service-definition.js';
import { startService } from '../bootstrap/start-service.js';
import { PartnerAuth, Public } from './auth-policy.js';
import { RouteAuthAudit } from './route-auth-audit.js';

@Controller('forgotten')
class ForgottenController {
  @Public()
  @Get('declared')
  declared() {
    return {};
  }

  @Get('undeclared')
  undeclared() {
    return {};
  }
}

@PartnerAuth()
@Controller('guarded')
class GuardedAtClassLevelController {
  @Get()
  list() {
    return {};
  }
}

// Boots straight through startService: the audit runs before anything needs a table.
const boot = (controller: new () => object, databaseUrl: string, bus: InMemoryEventBus) =>
  startService(serviceWith(controller), {
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
      EVENT_BUS: 'memory',
      INTERNAL_AUTH_SECRET: 'route-audit-test-secret-of-32-characters',
    },
    sharedBus: bus,
  });

const serviceWith = (controller: new () => object): ServiceDefinition<typeof platformSections> => {
  @Module({ controllers: [controller] })
  class FeatureModule {}
  return {
    name: ServiceName.QuoteService,
    config: platformSections,
    database: { schema: 'audit_test', entities: [], migrations: [] },
    imports: [FeatureModule],
  };
};

describe(RouteAuthAudit.name, () => {
  let database: TestDatabase;
  const bus = new InMemoryEventBus();

  beforeAll(async () => {
    database = await startTestDatabase();
    await bus.connect();
  });

  afterAll(async () => {
    await database.drop();
  });

  it('refuses to boot a service with a route that declares no auth', async () => {
    await expect(boot(ForgottenController, database.url, bus)).rejects.toThrow(
      'Routes without an auth decorator (@PartnerAuth/@OpsAuth/@InternalAuth/@Public): ForgottenController.undeclared',
    );
  });

  it('accepts a policy declared on the controller class', async () => {
    const service = await boot(GuardedAtClassLevelController, database.url, bus);
    const response = await fetch(`${service.url}/guarded`);
    await service.close();

    expect(response.status).toBe(401);
  });
});
