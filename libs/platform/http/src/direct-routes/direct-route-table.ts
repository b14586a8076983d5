import { type CallHandler, HttpStatus, type NestInterceptor, RequestMethod, type Type } from '@nestjs/common';
import {
  CUSTOM_ROUTE_ARGS_METADATA,
  EXCEPTION_FILTERS_METADATA,
  GUARDS_METADATA,
  HTTP_CODE_METADATA,
  INTERCEPTORS_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
  PIPES_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import type { DiscoveryService, ExternalContextCreator, MetadataScanner } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { from, isObservable, lastValueFrom, mergeAll, type Observable } from 'rxjs';
import {
  type DirectBodyReader,
  jsonBodyReader,
  noBodyReader,
  type RequestWithBody,
} from './direct-body-reader.js';
import { DIRECT_ROUTE, type DirectRouteOptions } from './direct-route.decorator.js';
import { DirectRoutePath, type RouteParams } from './direct-route-path.js';

export interface DirectRouteEntry {
  // The path as Express would label it in metrics.
  readonly path: string;
  readonly status: number;
  readonly reader: DirectBodyReader;
  // The handler behind Nest's own guards, pipes and parameter decorators (global ones included)
  // and the route's interceptors; resolves to what the handler returned, after the interceptors.
  readonly run: (request: IncomingMessage, response: ServerResponse) => Promise<unknown>;
}

export type DirectRequest = RequestWithBody & { params?: RouteParams };

interface RouteArgument {
  readonly index: number;
  readonly data?: unknown;
  readonly pipes?: readonly unknown[];
}

const BODY_VERBS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

interface DeclaredRoute {
  readonly name: string;
  readonly controller: Type;
  readonly instance: object;
  readonly method: string;
  readonly handler: (...args: unknown[]) => unknown;
  readonly verb: string;
  readonly path: string;
  readonly direct?: DirectRouteOptions;
}

// The only parameters a direct handler may take besides custom decorators: the whole body and
// the path's parameters.
const directParams = {
  exchangeKeyForValue(type: number, data: unknown, [request]: [DirectRequest]) {
    if (type === Number(RouteParamtypes.BODY)) return request.body;
    if (type === Number(RouteParamtypes.PARAM))
      return typeof data === 'string' ? request.params?.[data] : request.params;
    throw new Error(`direct route parameter of type ${type} has no value`);
  },
};

// The handlers marked @DirectRoute, read from the same metadata Nest routes by, so a direct route
// and its OpenAPI description can never disagree. Fixed paths are found by one map lookup; paths
// with parameters are tried in turn, and may not overlap any other route of the app (the direct
// path is tried before Express's router, so it would take that route's requests).
export class DirectRouteTable {
  private readonly fixed = new Map<string, DirectRouteEntry>();
  private readonly patterned: {
    readonly verb: string;
    readonly path: DirectRoutePath;
    readonly entry: DirectRouteEntry;
  }[] = [];

  constructor(discovery: DiscoveryService, scanner: MetadataScanner, contexts: ExternalContextCreator) {
    const routes = declaredRoutes(discovery, scanner);
    for (const route of routes) {
      if (!route.direct) continue;
      const path = new DirectRoutePath(route.path);
      if (!path.isFixed) refuseOverlaps(route, path, routes);
      const entry = directEntry(route, contexts);
      if (path.isFixed) {
        this.fixed.set(`${route.verb} ${route.path}`, entry);
        this.fixed.set(`${route.verb} ${route.path}/`, entry);
      } else this.patterned.push({ verb: route.verb, path, entry });
    }
  }

  get size(): number {
    return this.fixed.size + this.patterned.length;
  }

  find(method: string, path: string): { entry: DirectRouteEntry; params?: RouteParams } | undefined {
    const entry = this.fixed.get(`${method} ${path}`);
    if (entry) return { entry };
    for (const route of this.patterned) {
      if (route.verb !== method) continue;
      const params = route.path.match(path);
      if (params) return { entry: route.entry, params };
    }
    return undefined;
  }
}
// Every route handler of the app's controllers, direct or not.
function declaredRoutes(discovery: DiscoveryService, scanner: MetadataScanner): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as Type | null;
    const instance = wrapper.instance as object | undefined;
    if (!controller || !instance) continue;
    const prototype = controller.prototype as Record<string, (...args: unknown[]) => unknown>;
    for (const method of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[method]!;
      const verb = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (verb === undefined) continue;
      const direct = Reflect.getMetadata(DIRECT_ROUTE, handler) as DirectRouteOptions | undefined;
      routes.push({
        name: `${controller.name}.${method}`,
        controller,
        instance,
        method,
        handler,
        verb: RequestMethod[verb],
        path: joinPaths(
          Reflect.getMetadata(PATH_METADATA, controller),
          Reflect.getMetadata(PATH_METADATA, handler),
        ),
        ...(direct ? { direct } : {}),
      });
    }
  }
  return routes;
}

function refuseOverlaps(route: DeclaredRoute, path: DirectRoutePath, routes: readonly DeclaredRoute[]): void {
  const overlapping = routes.find(
    (other) =>
      other !== route && (other.verb === route.verb || other.verb === 'ALL') && path.overlaps(other.path),
  );
  if (overlapping)
    throw new Error(
      `@DirectRoute ${route.name}: ${route.path} would take the requests of ${overlapping.name} (${overlapping.path})`,
    );
}

function directEntry(route: DeclaredRoute, contexts: ExternalContextCreator): DirectRouteEntry {
  const { name, controller, instance, method, handler, verb } = route;
  if (route.path.includes('*'))
    throw new Error(`@DirectRoute ${name}: a wildcard path cannot be served directly (${route.path})`);
  refuseClassEnhancers(name, controller, handler);
  refuseOtherArguments(name, controller, method);
  const guarded = contexts.create(
    instance as Record<string, (...args: unknown[]) => unknown>,
    handler,
    method,
    ROUTE_ARGS_METADATA,
    directParams,
    undefined,
    undefined,
    // Errors are presented by the direct path itself, through the app's presenter; the
    // interceptors are applied below.
    { guards: true, interceptors: false, filters: false },
    'http',
  ) as DirectRouteEntry['run'];
  const interceptors = routeInterceptors(controller, handler);
  return {
    path: route.path,
    status: (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? defaultStatus(verb),
    // A route that reads no body takes only requests without one: Express's parsers would read
    // (and might refuse) a body sent anyway.
    reader: route.direct?.reader ?? (BODY_VERBS.has(verb) ? jsonBodyReader : noBodyReader),
    run:
      interceptors.length === 0
        ? guarded
        : (request, response) =>
            intercepted(
              interceptors,
              new ExecutionContextHost([request, response], controller, handler),
              () => guarded(request, response),
            ),
  };
}

// The route's interceptors, controller's first, as Nest orders them (instances: classes are
// refused above).
function routeInterceptors(controller: Type, handler: object): NestInterceptor[] {
  return [
    Reflect.getMetadata(INTERCEPTORS_METADATA, controller),
    Reflect.getMetadata(INTERCEPTORS_METADATA, handler),
  ].flatMap((declared: NestInterceptor[] | undefined) => declared ?? []);
}

// Nest's interceptor chain without its per-call async-context binding (AsyncResource.bind), which
// on Node 20 builds two deprecation wrappers per interceptor per request: on a typing
// notification the chain cost more CPU than the endpoint. Each interceptor wraps the next; the
// last one wraps the guarded handler, so unlike in Nest's router an interceptor also sees a
// guard's refusal (chat's envelope only maps a success).
function intercepted(
  interceptors: readonly NestInterceptor[],
  context: ExecutionContextHost,
  handler: () => Promise<unknown>,
): Promise<unknown> {
  const chain = interceptors.reduceRight<CallHandler>(
    (next, interceptor) => ({ handle: () => observed(interceptor.intercept(context, next)) }),
    { handle: () => from(handler()) },
  );
  return lastValueFrom(chain.handle(), { defaultValue: undefined });
}

function observed(result: Observable<unknown> | Promise<Observable<unknown>>): Observable<unknown> {
  return isObservable(result) ? result : from(result).pipe(mergeAll());
}

function defaultStatus(verb: string): number {
  return verb === 'POST' ? HttpStatus.CREATED : HttpStatus.OK;
}

// Nest resolves an enhancer given by class within the module that declares it, which a route
// served outside the router has no hold of: given by class, it would be silently skipped. Global
// enhancers (APP_GUARD, APP_INTERCEPTOR, APP_PIPE) and instances run.
function refuseClassEnhancers(name: string, controller: Type, handler: object): void {
  for (const key of [GUARDS_METADATA, PIPES_METADATA, INTERCEPTORS_METADATA, EXCEPTION_FILTERS_METADATA]) {
    const declared = [Reflect.getMetadata(key, controller), Reflect.getMetadata(key, handler)].flat();
    if (declared.some((enhancer) => typeof enhancer === 'function'))
      throw new Error(
        `@DirectRoute ${name}: guards, pipes, interceptors and filters given by class are not supported ` +
          '(bind them globally or give an instance)',
      );
  }
}

function refuseOtherArguments(name: string, controller: Type, method: string): void {
  const declared = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<
    string,
    RouteArgument
  >;
  for (const [key, argument] of Object.entries(declared)) {
    const isBody = key === `${RouteParamtypes.BODY}:${argument.index}` && argument.data === undefined;
    const isParam = key === `${RouteParamtypes.PARAM}:${argument.index}`;
    if (!isBody && !isParam && !key.includes(CUSTOM_ROUTE_ARGS_METADATA))
      throw new Error(
        `@DirectRoute ${name}: only @Body(), @Param() and custom parameter decorators are supported`,
      );
    // A pipe given by class is resolved in its module, as enhancers are (see above).
    if (argument.pipes?.some((pipe) => typeof pipe === 'function'))
      throw new Error(`@DirectRoute ${name}: parameter pipes given by class are not supported`);
  }
  const parameters = (controller.prototype as Record<string, (...args: unknown[]) => unknown>)[method]!
    .length;
  if (Object.keys(declared).length !== parameters)
    throw new Error(`@DirectRoute ${name}: every parameter needs a decorator`);
}

function joinPaths(...parts: unknown[]): string {
  const segments = parts
    .filter((part): part is string => typeof part === 'string')
    .flatMap((part) => part.split('/'))
    .filter(Boolean);
  return `/${segments.join('/')}`;
}
