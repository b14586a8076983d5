import { type DynamicModule, Module } from '@nestjs/common';
import type { Logger } from 'pino';

export const LOGGER = Symbol('Logger');

// Makes the app's root pino logger injectable: `@Inject(LOGGER) private readonly logger: Logger`.
@Module({})
export class LoggingModule {
  static forRoot(logger: Logger): DynamicModule {
    return {
      module: LoggingModule,
      global: true,
      providers: [{ provide: LOGGER, useValue: logger }],
      exports: [LOGGER],
    };
  }
}
