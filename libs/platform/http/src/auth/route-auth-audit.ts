import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { AUTH_POLICY } from './auth-policy.js';

// Fails the boot when any route handler lacks an auth decorator, so a new route can never be
// exposed by omission.
@Injectable()
export class RouteAuthAudit implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    const missing = undeclaredRoutes(this.discovery, this.scanner, this.reflector);
    if (missing.length > 0) {
      throw new Error(
        `Routes without an auth decorator (@PartnerAuth/@OpsAuth/@InternalAuth/@Public): ${missing.join(', ')}`,
      );
    }
  }
}

export function undeclaredRoutes(
  discovery: DiscoveryService,
  scanner: MetadataScanner,
  reflector: Reflector,
): string[] {
  const missing: string[] = [];
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
    if (!controller) continue;
    const prototype = controller.prototype as Record<string, unknown>;
    for (const method of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[method] as (...args: unknown[]) => unknown;
      const isRoute = Reflect.getMetadata(PATH_METADATA, handler) !== undefined;
      if (isRoute && reflector.getAllAndOverride(AUTH_POLICY, [handler, controller]) === undefined) {
        missing.push(`${controller.name}.${method}`);
      }
    }
  }
  return missing;
}
