import { type DynamicModule, Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { APP_GUARD, APP_PIPE, DiscoveryModule } from '@nestjs/core';
import { Counter, Gauge } from 'prom-client';
import { EVENT_BUS, OutboxRelay, type EventBus } from '@platform/messaging';
import { Clock, IdGenerator, RandomIdGenerator, SystemClock } from '@shared/util';
import { IdentityGuard } from './auth/identity.guard.js';
import { InternalTokenService } from './auth/internal-token.service.js';
import { RouteAuthAudit } from './auth/route-auth-audit.js';
import { strictValidationPipe } from './errors/invalid-request.error.js';
import { HttpConfig } from './http.config.js';
import { HealthController } from './observability/health.controller.js';
import { MetricsController } from './observability/metrics.controller.js';
import { MetricsRegistry } from './observability/metrics.registry.js';
import { OpenApiController, OpenApiDocument } from './observability/openapi.controller.js';

export const SERVICE_NAME = Symbol('ServiceName');

@Injectable()
class OutboxBacklogMetric implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsRegistry,
    private readonly relay: OutboxRelay,
  ) {}

  onModuleInit(): void {
    const relay = this.relay;
    new Gauge({
      name: 'outbox_backlog',
      help: 'Events committed but not yet published',
      registers: [this.metrics.registry],
      async collect() {
        this.set(await relay.backlog().catch(() => -1));
      },
    });
  }
}

// Events the bus refused unread because they carried another environment's id or none: each is
// on `<topic>.dlq`, and one is already too many (a producer of another deployment writes to this
// broker, or this deployment's ENVIRONMENT_ID changed under running producers).
@Injectable()
class ForeignEventsMetric implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsRegistry,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
  ) {}

  onModuleInit(): void {
    const refused = new Counter({
      name: 'events_foreign_total',
      help: 'Events of another environment (or of none) dead-lettered without being handled',
      labelNames: ['topic', 'consumer'],
      registers: [this.metrics.registry],
    });
    this.bus.onForeignEvent(({ topic, groupId }) => refused.inc({ topic, consumer: groupId }));
  }
}

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
        RouteAuthAudit,
        { provide: APP_GUARD, useClass: IdentityGuard },
        { provide: APP_PIPE, useFactory: strictValidationPipe },
      ],
      exports: [Clock, IdGenerator, InternalTokenService, MetricsRegistry, OpenApiDocument],
    };
  }
}
