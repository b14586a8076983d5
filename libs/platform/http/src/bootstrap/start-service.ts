import { type DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigModule, describeConfig, loadConfig } from '@platform/config';
import { DatabaseModule } from '@platform/database';
import {
  LoggingModule,
  NestPinoLogger,
  createLogger,
  flushTraces,
  startTracing,
  type Logger,
} from '@platform/logging';
import { MessagingModule } from '@platform/messaging';
import { bodyParserErrors } from '../errors/body-parser-errors.middleware.js';
import { ErrorIdFilter } from '../errors/error-id.filter.js';
import { DefaultErrorPresenter } from '../errors/error-presenter.js';
import { routeMethodsOf } from '../errors/method-not-allowed.js';
import { DirectRoutes } from '../direct-routes/direct-routes.js';
import { MetricsRegistry } from '../observability/metrics.registry.js';
import { OpenApiDocument } from '../observability/openapi.controller.js';
import { drainConnections } from './drain-connections.js';
import {
  closeRequestBodies,
  documentInputRefusals,
  documentValidationConstraints,
} from '../observability/validation-constraints.js';
import { observeRequests } from '../observability/request-observer.js';
import { PlatformModule } from '../platform.module.js';
import type {
  FrontDoor,
  PlatformSections,
  RunningService,
  ServiceDefinition,
  ServiceStartOptions,
} from './service-definition.js';

@Module({})
class ServiceRootModule {}

// Boots one app: validated config, JSON logs, database, event bus with outbox and consumers,
// auth on every route, health, metrics, OpenAPI, body limits, error ids. Throws
// ConfigValidationError listing every bad variable when the config is wrong.
export async function startService<S extends PlatformSections>(
  definition: ServiceDefinition<S>,
  options: ServiceStartOptions = {},
): Promise<RunningService> {
  const config = loadConfig(definition.config, options.env);
  const { http } = config;
  // Before anything logs: every line carries the trace id of the work in progress.
  startTracing({ serviceName: definition.name });
  const logger = createLogger({
    service: definition.name,
    level: http.LOG_LEVEL,
    ...(options.logDestination ? { destination: options.logDestination } : {}),
  });
  logger.info({ config: describeConfig(config) }, 'configuration loaded');

  const root: DynamicModule = {
    module: ServiceRootModule,
    imports: [
      LoggingModule.forRoot(logger),
      ConfigModule.forRoot(definition.config, config),
      PlatformModule.forRoot(definition.name),
      DatabaseModule.forRoot(definition.database),
      MessagingModule.forRoot({
        group: definition.name,
        ...(definition.consumers ? { consumers: definition.consumers } : {}),
        ...(options.sharedBus ? { sharedBus: options.sharedBus } : {}),
      }),
      ...(definition.imports ?? []),
    ],
  };
  const app = await NestFactory.create<NestExpressApplication>(root, {
    logger: new NestPinoLogger(logger.child({ component: 'nest' })),
    bodyParser: false,
    abortOnError: false,
  });
  try {
    app.disable('x-powered-by');
    definition.beforeBodyParsers?.(app);
    app.useBodyParser('json', { limit: http.MAX_BODY_BYTES });
    app.useBodyParser('urlencoded', { limit: http.MAX_BODY_BYTES, extended: true });
    app.use(bodyParserErrors());
    const presenter = definition.errorPresenter ?? new DefaultErrorPresenter();
    app.useGlobalFilters(
      new ErrorIdFilter(presenter, logger, routeMethodsOf(app.getHttpAdapter().getInstance())),
    );
    await app.init();
    listenThroughObserver(app, logger, [
      definition.frontDoor?.(app),
      DirectRoutes.frontDoorOf(app, presenter, logger, http.MAX_BODY_BYTES),
    ]);
    documentValidationConstraints();
    const { errorResponse } = definition;
    const document = SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle(definition.title ?? definition.name)
        .setVersion('1')
        .build(),
      { extraModels: errorResponse ? [errorResponse] : [] },
    );
    closeRequestBodies(document);
    if (errorResponse) documentInputRefusals(document, errorResponse.name);
    app.get(OpenApiDocument).document = document;
    await app.listen(http.PORT, http.HOST);
  } catch (error) {
    // A half-booted app still holds database connections and consumers: release them.
    await app.close().catch(() => undefined);
    throw error;
  }
  const { port } = app.getHttpServer().address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  logger.info({ url }, 'listening');
  return {
    name: definition.name,
    url,
    app,
    close: async () => {
      await drainConnections(app.getHttpServer() as Server, http.SHUTDOWN_DRAIN_MS);
      await app.close();
      await flushTraces();
    },
  };
}

// Replaces Express as the server's request listener with the platform's observer (ids, access
// log, latency) in front of the front doors (the app's own, then its direct routes), then Express.
function listenThroughObserver(
  app: NestExpressApplication,
  logger: Logger,
  candidates: ReadonlyArray<FrontDoor | null | undefined>,
): void {
  const express = app.getHttpAdapter().getInstance() as RequestListener;
  const frontDoors = candidates.filter((door): door is FrontDoor => Boolean(door));
  const handle: RequestListener =
    frontDoors.length === 0
      ? express
      : (request, response) => {
          if (!frontDoors.some((door) => door(request, response))) express(request, response);
        };
  const server = app.getHttpServer() as Server;
  server.removeAllListeners('request');
  server.on('request', observeRequests(logger, app.get(MetricsRegistry), handle));
}
