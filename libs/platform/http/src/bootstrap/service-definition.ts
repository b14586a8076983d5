import type { DynamicModule, Type } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { ConfigModule, Environment, SectionClasses } from '@platform/config';
import { type AppDatabase, DatabaseConfig } from '@platform/database';
import { type AnyEventConsumer, type EventBus, MessagingConfig } from '@platform/messaging';
import type { ServiceName } from '@shared/contracts';
import type { ErrorPresenter } from '../errors/error-presenter.js';
import { HttpConfig } from '../http.config.js';

// The config every app has; apps add their own sections next to these.
export interface PlatformSections extends SectionClasses {
  http: typeof HttpConfig;
  database: typeof DatabaseConfig;
  messaging: typeof MessagingConfig;
}

export const platformSections: PlatformSections = {
  http: HttpConfig,
  database: DatabaseConfig,
  messaging: MessagingConfig,
};

type NestImport = Type | DynamicModule | ReturnType<typeof ConfigModule.forRoot>;

// Everything that distinguishes one app from another; the platform does the rest.
export interface ServiceDefinition<S extends PlatformSections> {
  readonly name: ServiceName;
  readonly config: S;
  readonly database: AppDatabase;
  readonly imports?: readonly NestImport[];
  readonly consumers?: readonly Type<AnyEventConsumer>[];
  readonly errorPresenter?: ErrorPresenter;
  // The class of the presenter's error body, documented as the 400 and 413 that any route taking
  // input may answer before its handler runs (unreadable, invalid, too large).
  readonly errorResponse?: Type;
  // Runs before the body parsers: for middleware that must see the raw request stream.
  readonly beforeBodyParsers?: (app: NestExpressApplication) => void;
  // Sees every request before Express does and answers the ones it takes (returning true), for
  // a hot path that needs none of the framework: the gateway's proxy.
  readonly frontDoor?: (app: NestExpressApplication) => FrontDoor;
  readonly title?: string;
}

export type FrontDoor = (request: IncomingMessage, response: ServerResponse) => boolean;

export interface ServiceStartOptions {
  // Overrides layered on the process environment (standalone mode gives each app its own).
  readonly env?: Environment;
  readonly sharedBus?: EventBus;
  readonly logDestination?: NodeJS.WritableStream;
}

export interface RunningService {
  readonly name: ServiceName;
  readonly url: string;
  readonly app: NestExpressApplication;
  close(): Promise<void>;
}
