import { type ExecutionContext, HttpStatus, RequestMethod, type Type } from '@nestjs/common';
import {
  CUSTOM_ROUTE_ARGS_METADATA,
  EXCEPTION_FILTERS_METADATA,
  GUARDS_METADATA,
  HTTP_CODE_METADATA,
  INTERCEPTORS_METADATA,
  METHOD_METADATA,
  PARAMTYPES_METADATA,
  PATH_METADATA,
  PIPES_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import type { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { AUTH_POLICY, type AuthPolicy } from '../auth/auth-policy.js';
import { DIRECT_ROUTE } from './direct-route.decorator.js';

type ParamFactory = (data: unknown, context: ExecutionContext) => unknown;

// How one argument of a direct handler is produced: the validated body, or a custom parameter
// decorator's factory (e.g. @CurrentIdentity()) run against the request.
export type DirectArgument =
  | { readonly kind: 'body'; readonly metatype: Type }
  | { readonly kind: 'custom'; readonly factory: ParamFactory; readonly data: unknown };

export interface DirectRouteEntry {
  readonly path: string;
  readonly status: number;
  readonly policy: AuthPolicy | undefined;
  readonly controller: Type;
  readonly handler: (...args: unknown[]) => unknown;
  readonly invoke: (args: unknown[]) => unknown;
  readonly args: readonly DirectArgument[];
}

interface RouteArgument {
  readonly index: number;
  readonly data?: unknown;
  readonly pipes?: readonly unknown[];
  readonly factory?: ParamFactory;
}

// The POST handlers marked @DirectRoute, keyed by their full path, read from the same metadata
// Nest routes by, so a direct route and its OpenAPI description can never disagree.
export function directRouteTable(
  discovery: DiscoveryService,
  scanner: MetadataScanner,
  reflector: Reflector,
): ReadonlyMap<string, DirectRouteEntry> {
  const table = new Map<string, DirectRouteEntry>();
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as Type | null;
    const instance = wrapper.instance as Record<string, (...args: unknown[]) => unknown> | undefined;
    if (!controller || !instance) continue;
    const prototype = controller.prototype as Record<string, unknown>;
    for (const method of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[method] as (...args: unknown[]) => unknown;
      if (Reflect.getMetadata(DIRECT_ROUTE, handler) !== true) continue;
      const name = `${controller.name}.${method}`;
      refuseEnhancers(name, controller, handler);
      if (Reflect.getMetadata(METHOD_METADATA, handler) !== RequestMethod.POST)
        throw new Error(`@DirectRoute ${name}: only POST routes can be served directly`);
      const path = joinPaths(
        Reflect.getMetadata(PATH_METADATA, controller),
        Reflect.getMetadata(PATH_METADATA, handler),
      );
      if (path.includes(':') || path.includes('*'))
        throw new Error(`@DirectRoute ${name}: only fixed paths can be served directly (${path})`);
      table.set(path, {
        path,
        status:
          (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? HttpStatus.CREATED,
        policy: reflector.getAllAndOverride<AuthPolicy | undefined>(AUTH_POLICY, [handler, controller]),
        controller,
        handler,
        invoke: (args) => instance[method]!(...args),
        args: handlerArguments(name, controller, method),
      });
    }
  }
  return table;
}

function refuseEnhancers(name: string, controller: Type, handler: object): void {
  for (const key of [GUARDS_METADATA, PIPES_METADATA, INTERCEPTORS_METADATA, EXCEPTION_FILTERS_METADATA]) {
    const declared = [Reflect.getMetadata(key, controller), Reflect.getMetadata(key, handler)] as unknown[];
    if (declared.some((value) => Array.isArray(value) && value.length > 0))
      throw new Error(
        `@DirectRoute ${name}: guards, pipes, interceptors and filters of its own are not supported`,
      );
  }
}

function handlerArguments(name: string, controller: Type, method: string): DirectArgument[] {
  const declared = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<
    string,
    RouteArgument
  >;
  const types = (Reflect.getMetadata(PARAMTYPES_METADATA, controller.prototype, method) ?? []) as Type[];
  const args: DirectArgument[] = [];
  for (const [key, argument] of Object.entries(declared)) {
    if (argument.pipes && argument.pipes.length > 0)
      throw new Error(`@DirectRoute ${name}: parameter pipes are not supported`);
    if (key.includes(CUSTOM_ROUTE_ARGS_METADATA) && argument.factory) {
      args[argument.index] = { kind: 'custom', factory: argument.factory, data: argument.data };
    } else if (key === `${RouteParamtypes.BODY}:${argument.index}` && argument.data === undefined) {
      args[argument.index] = { kind: 'body', metatype: types[argument.index]! };
    } else {
      throw new Error(`@DirectRoute ${name}: only @Body() and custom parameter decorators are supported`);
    }
  }
  if (args.length !== types.length || args.includes(undefined as never))
    throw new Error(`@DirectRoute ${name}: every parameter needs a decorator`);
  return args;
}

function joinPaths(...parts: unknown[]): string {
  const segments = parts
    .filter((part): part is string => typeof part === 'string')
    .flatMap((part) => part.split('/'))
    .filter(Boolean);
  return `/${segments.join('/')}`;
}
