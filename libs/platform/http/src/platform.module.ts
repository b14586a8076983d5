import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD, APP_PIPE, DiscoveryModule } from '@nestjs/core';
import { Clock, IdGenerator, RandomIdGenerator, SystemClock } from '@shared/util';
import { IdentityGuard } from './auth/identity.guard.js';
import { InternalTokenService } from './auth/internal-token.service.js';
import { RouteAuthAudit } from './auth/route-auth-audit.js';
import { strictValidationPipe } from './errors/invalid-request.error.js';
import { HttpConfig } from './http.config.js';
import { HealthController } from './observability/health.controller.js';
import { MetricsController } from './observability/metrics.controller.js';
import {
  ConsumerMetrics,
  ForeignEventsMetric,
  OutboxBacklogMetric,
} from './observability/messaging-metrics.js';
import { MetricsRegistry } from './observability/metrics.registry.js';
import { OpenApiController, OpenApiDocument } from './observability/openapi.controller.js';

export const SERVICE_NAME = Symbol('ServiceName');

// What every app gets: clock and id generator, the identity guard on every route and the boot
// check that every route declares its auth, strict validation of every DTO (the same pipe direct
// routes use), health, metrics and its OpenAPI document.
@Module({})
export class PlatformModule {
  static forRoot(service: string): DynamicModule {
    return {
      module: PlatformModule,
      global: true,
      imports: [DiscoveryModule],
      controllers: [HealthController, MetricsController, OpenApiController],
      providers: [
        { provide: SERVICE_NAME, useValue: service },
        { provide: Clock, useClass: SystemClock },
        { provide: IdGenerator, useClass: RandomIdGenerator },
        {
          provide: InternalTokenService,
          inject: [HttpConfig],
          useFactory: (config: HttpConfig) => new InternalTokenService(config.INTERNAL_AUTH_SECRET),
        },
        {
          provide: MetricsRegistry,
          inject: [SERVICE_NAME],
          useFactory: (name: string) => new MetricsRegistry(name),
        },
        OpenApiDocument,
        OutboxBacklogMetric,
        ForeignEventsMetric,
        ConsumerMetrics,
        RouteAuthAudit,
        { provide: APP_GUARD, useClass: IdentityGuard },
        { provide: APP_PIPE, useFactory: strictValidationPipe },
      ],
      exports: [Clock, IdGenerator, InternalTokenService, MetricsRegistry, OpenApiDocument],
    };
  }
}
