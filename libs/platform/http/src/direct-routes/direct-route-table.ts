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
import type { DirectBodyReader, RequestWithBody } from './direct-body-reader.js';
import { DIRECT_ROUTE } from './direct-route.decorator.js';

export interface DirectRouteEntry {
  // The path as Express would label it in metrics.
  readonly path: string;
  readonly status: number;
  readonly reader: DirectBodyReader;
  // The handler behind Nest's own guards, pipes and parameter decorators (global ones included)
  // and the route's interceptors; resolves to what the handler returned, after the interceptors.
  readonly run: (request: IncomingMessage, response: ServerResponse) => Promise<unknown>;
}

interface RouteArgument {
  readonly index: number;
  readonly data?: unknown;
}

// The only parameters a direct handler may take besides custom decorators: the whole body.
const directParams = {
  exchangeKeyForValue(type: number, _data: unknown, [request]: [RequestWithBody]) {
    if (type === Number(RouteParamtypes.BODY)) return request.body;
    throw new Error(`direct route parameter of type ${type} has no value`);
  },
};

// The handlers marked @DirectRoute, keyed by method and full path (with and without a trailing
// slash, as Express matches them), read from the same metadata Nest routes by, so a direct route
// and its OpenAPI description can never disagree.
export function directRouteTable(
  discovery: DiscoveryService,
  scanner: MetadataScanner,
  contexts: ExternalContextCreator,
): ReadonlyMap<string, DirectRouteEntry> {
  const table = new Map<string, DirectRouteEntry>();
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as Type | null;
    const instance = wrapper.instance as Record<string, (...args: unknown[]) => unknown> | undefined;
    if (!controller || !instance) continue;
    const prototype = controller.prototype as Record<string, unknown>;
    for (const method of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[method] as (...args: unknown[]) => unknown;
      const options = Reflect.getMetadata(DIRECT_ROUTE, handler) as { reader: DirectBodyReader } | undefined;
      if (!options) continue;
      const name = `${controller.name}.${method}`;
      refuseClassEnhancers(name, controller, handler);
      refuseOtherArguments(name, controller, method);
      const path = joinPaths(
        Reflect.getMetadata(PATH_METADATA, controller),
        Reflect.getMetadata(PATH_METADATA, handler),
      );
      if (path.includes(':') || path.includes('*'))
        throw new Error(`@DirectRoute ${name}: only fixed paths can be served directly (${path})`);
      const verb = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const guarded = contexts.create(
        instance,
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
      const entry: DirectRouteEntry = {
        path,
        status:
          (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? defaultStatus(verb),
        reader: options.reader,
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
      table.set(`${verb} ${path}`, entry);
      table.set(`${verb} ${path}/`, entry);
    }
  }
  return table;
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
    if (!isBody && !key.includes(CUSTOM_ROUTE_ARGS_METADATA))
      throw new Error(`@DirectRoute ${name}: only @Body() and custom parameter decorators are supported`);
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
