import { HttpStatus, RequestMethod, type Type } from '@nestjs/common';
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
import type { ApplicationConfig, DiscoveryService, MetadataScanner } from '@nestjs/core';
import { type DirectBodyReader, jsonBodyReader, noBodyReader } from './direct-body-reader.js';
import { DIRECT_ROUTE, type DirectRouteOptions } from './direct-route.decorator.js';
import { DirectRoutePath, type RouteParams } from './direct-route-path.js';
import {
  type DirectHandler,
  directPipeline,
  type DirectRun,
  type RouteArgument,
} from './direct-route-pipeline.js';

export interface DirectRouteEntry {
  // The path as Express would label it in metrics.
  readonly path: string;
  readonly status: number;
  readonly reader: DirectBodyReader;
  // The handler behind the app's and the route's guards, pipes and parameter decorators, and the
  // route's interceptors; resolves to what the handler returned, after the interceptors.
  readonly run: DirectRun;
}

const BODY_VERBS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

interface DeclaredRoute extends DirectHandler {
  readonly name: string;
  readonly verb: string;
  readonly path: string;
  readonly direct?: DirectRouteOptions;
}

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

  constructor(discovery: DiscoveryService, scanner: MetadataScanner, config: ApplicationConfig) {
    const routes = declaredRoutes(discovery, scanner);
    for (const route of routes) {
      if (!route.direct) continue;
      const path = new DirectRoutePath(route.path);
      if (!path.isFixed) refuseOverlaps(route, path, routes);
      const entry = directEntry(route, config);
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

function directEntry(route: DeclaredRoute, config: ApplicationConfig): DirectRouteEntry {
  const { name, controller, method, handler, verb } = route;
  if (route.path.includes('*'))
    throw new Error(`@DirectRoute ${name}: a wildcard path cannot be served directly (${route.path})`);
  refuseClassEnhancers(name, controller, handler);
  refuseOtherArguments(name, controller, method);
  return {
    path: route.path,
    status: (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? defaultStatus(verb),
    // A route that reads no body takes only requests without one: Express's parsers would read
    // (and might refuse) a body sent anyway.
    reader: route.direct?.reader ?? (BODY_VERBS.has(verb) ? jsonBodyReader : noBodyReader),
    run: directPipeline(route, config),
  };
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
