import type { NestExpressApplication } from '@nestjs/platform-express';
import { ApplicationConfig, DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '@platform/logging';
import { isThenable } from '@shared/util';
import type { FrontDoor } from '../bootstrap/service-definition.js';
import { presentError } from '../errors/error-id.filter.js';
import type { ErrorPresenter } from '../errors/error-presenter.js';
import { labelRoute } from '../observability/request-observer.js';
import { sendJson } from '../observability/send-json.js';
import type { DirectRequest } from './direct-route-pipeline.js';
import { type DirectRouteEntry, DirectRouteTable } from './direct-route-table.js';

// Serves the @DirectRoute handlers without Express's router, middleware and body parsers, and
// without Nest's router and executor: for the hottest routes, those layers cost more CPU than the
// work. The pipeline keeps Nest's enhancers (directPipeline): the global and instance guards, the
// pipes, the parameter decorators, and the route's interceptors around them (global
// interceptors, which no app registers, do not run here); the route's reader stands in for the body
// parser, the surface's presenter for the error filter. Requests the reader cannot take exactly
// as the Express path would fall through to Express, which answers them the same way.
export class DirectRoutes {
  private constructor(
    private readonly routes: DirectRouteTable,
    private readonly presenter: ErrorPresenter,
    private readonly logger: Logger,
    private readonly maxBodyBytes: number,
  ) {}

  // The app's front door for its direct routes, or null when it declares none.
  static frontDoorOf(
    app: NestExpressApplication,
    presenter: ErrorPresenter,
    logger: Logger,
    maxBodyBytes: number,
  ): FrontDoor | null {
    const lookup = { strict: false };
    const routes = new DirectRouteTable(
      app.get(DiscoveryService, lookup),
      app.get(MetadataScanner, lookup),
      app.get(ApplicationConfig, lookup),
    );
    if (routes.size === 0) return null;
    const direct = new DirectRoutes(routes, presenter, logger, maxBodyBytes);
    return direct.handle.bind(direct);
  }

  handle(request: IncomingMessage, response: ServerResponse): boolean {
    const url = request.url ?? '';
    const queryStart = url.indexOf('?');
    const found = this.routes.find(request.method ?? '', queryStart < 0 ? url : url.slice(0, queryStart));
    if (!found || !found.entry.reader.takes(request, this.maxBodyBytes)) return false;
    if (found.params) (request as DirectRequest).params = found.params;
    labelRoute(request, found.entry.path);
    this.serve(found.entry, request, response);
    return true;
  }

  // Sync-first, as the pipeline is: a request with no body to read and a handler that answers at
  // once is served without a promise, and one that waits with one promise per wait, failures
  // presented in the same step (on Node 20 each promise runs the AsyncLocalStorage hooks).
  private serve(route: DirectRouteEntry, request: IncomingMessage, response: ServerResponse): void {
    const read = this.attempt(response, () => route.reader.read(request, this.maxBodyBytes));
    if (read === FAILED) return;
    if (!read) return this.run(route, request, response);
    read.then(
      () => this.run(route, request, response),
      (error: unknown) => this.fail(response, error),
    );
  }

  private run(route: DirectRouteEntry, request: IncomingMessage, response: ServerResponse): void {
    const result = this.attempt(response, () => route.run(request, response));
    if (result === FAILED) return;
    if (!isThenable(result)) return this.answer(route, response, result);
    Promise.resolve(result).then(
      (settled) => this.answer(route, response, settled),
      (error: unknown) => this.fail(response, error),
    );
  }

  private answer(route: DirectRouteEntry, response: ServerResponse, result: unknown): void {
    this.attempt(response, () => send(route, response, result));
  }

  // What `work` answers, or FAILED once what it threw has been presented.
  private attempt<T>(response: ServerResponse, work: () => T): T | typeof FAILED {
    try {
      return work();
    } catch (error) {
      this.fail(response, error);
      return FAILED;
    }
  }

  private fail(response: ServerResponse, error: unknown): void {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    const presented = presentError(this.presenter, this.logger, error);
    for (const [name, value] of Object.entries(presented.headers ?? {})) response.setHeader(name, value);
    sendJson(response, presented.status, presented.body);
  }
}

const FAILED = Symbol('failed');

function send(route: DirectRouteEntry, response: ServerResponse, result: unknown): void {
  if (result === undefined) response.writeHead(route.status).end();
  else sendJson(response, route.status, result);
}
