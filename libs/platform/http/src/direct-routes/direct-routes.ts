import type { NestExpressApplication } from '@nestjs/platform-express';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '@platform/logging';
import { authorizeRequest } from '../auth/identity.guard.js';
import { InternalTokenService } from '../auth/internal-token.service.js';
import type { FrontDoor } from '../bootstrap/service-definition.js';
import { presentError } from '../errors/error-id.filter.js';
import type { ErrorPresenter } from '../errors/error-presenter.js';
import { InvalidRequestError, strictValidationPipe } from '../errors/invalid-request.error.js';
import { labelRoute } from '../observability/request-observer.js';
import { sendJson } from '../observability/send-json.js';
import { type DirectArgument, type DirectRouteEntry, directRouteTable } from './direct-route-table.js';

// Content types answered directly; any other (a charset to convert, a form) goes to Express,
// which answers the same route the same way, only slower.
const DIRECT_CONTENT_TYPES = new Set(['application/json', 'application/json; charset=utf-8']);
// JSON bodies the parser accepts are objects and arrays only, as body-parser's strict mode.
const JSON_CONTAINER_START = /^[\x20\x09\x0a\x0d]*[{[]/;

// Serves the @DirectRoute handlers without Express or Nest's request pipeline: for the hottest
// routes, the framework costs more CPU than the work. What the pipeline would do is done here
// with the same parts: the body-size limit and JSON rules of the body parser, the identity
// guard's check, the strict validation pipe on the @Body() DTO, the handler's @HttpCode, and the
// surface's error presenter. Requests it cannot take exactly that way fall through to Express.
export class DirectRoutes {
  private readonly pipe = strictValidationPipe();

  private constructor(
    private readonly routes: ReadonlyMap<string, DirectRouteEntry>,
    private readonly tokens: InternalTokenService,
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
    const routes = directRouteTable(
      app.get(DiscoveryService, lookup),
      app.get(MetadataScanner, lookup),
      app.get(Reflector, lookup),
    );
    if (routes.size === 0) return null;
    const direct = new DirectRoutes(
      routes,
      app.get(InternalTokenService, lookup),
      presenter,
      logger,
      maxBodyBytes,
    );
    return direct.handle.bind(direct);
  }

  handle(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'POST') return false;
    const route = this.routes.get(request.url?.split('?', 1)[0] ?? '');
    if (!route || !this.takes(request.headers)) return false;
    labelRoute(request, route.path);
    this.serve(route, request, response).catch((error: unknown) => this.fail(response, error));
    return true;
  }

  private takes(headers: IncomingHttpHeaders): boolean {
    const length = Number(headers['content-length']);
    return (
      DIRECT_CONTENT_TYPES.has(headers['content-type']?.toLowerCase() ?? '') &&
      (headers['content-encoding'] ?? 'identity') === 'identity' &&
      Number.isSafeInteger(length) &&
      length <= this.maxBodyBytes
    );
  }

  private async serve(route: DirectRouteEntry, request: IncomingMessage, response: ServerResponse) {
    const body = parseJsonBody(await readBody(request));
    await authorizeRequest(request, route.policy, this.tokens);
    const context = new ExecutionContextHost([request, response], route.controller, route.handler);
    const args = await Promise.all(route.args.map((argument) => this.argument(argument, body, context)));
    const result = await route.invoke(args);
    if (result === undefined) response.writeHead(route.status).end();
    else sendJson(response, route.status, result);
  }

  private argument(argument: DirectArgument, body: unknown, context: ExecutionContextHost): unknown {
    return argument.kind === 'body'
      ? this.pipe.transform(body, { type: 'body', metatype: argument.metatype })
      : argument.factory(argument.data, context);
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

// The whole body; its length was checked against the limit from Content-Length, which Node's
// parser enforces.
function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const unreadable = () => reject(new InvalidRequestError('Request body could not be read'));
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    request.once('error', unreadable);
    request.once('close', () => {
      if (!request.complete) unreadable();
    });
  });
}

// The body parser's rules: an empty body is {}, anything but an object or array is refused.
function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) return {};
  const text = raw.toString('utf8');
  try {
    if (!JSON_CONTAINER_START.test(text)) throw new SyntaxError('not a JSON object or array');
    return JSON.parse(text) as unknown;
  } catch {
    throw new InvalidRequestError('Request body is not valid JSON');
  }
}
