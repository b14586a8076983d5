import { type DynamicModule, Module } from '@nestjs/common';
import type { LoadedConfig, SectionClasses } from './load-config.js';

// Makes each loaded section injectable by its class: `constructor(private readonly db: DatabaseConfig)`.
@Module({})
export class ConfigModule {
  static forRoot<S extends SectionClasses>(sections: S, loaded: LoadedConfig<S>): DynamicModule {
    const providers = Object.entries(sections).map(([name, sectionClass]) => ({
      provide: sectionClass,
      useValue: loaded[name],
    }));
    return { module: ConfigModule, global: true, providers, exports: providers.map((p) => p.provide) };
  }
}
