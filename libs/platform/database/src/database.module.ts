import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AppDatabase } from './app-database.js';
import { createDataSource } from './create-data-source.js';
import { DatabaseConfig } from './database.config.js';

@Injectable()
class DataSourceCloser implements OnApplicationShutdown {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

// One TypeORM DataSource per app, on the app's own schema, injectable as `DataSource`.
// Needs DatabaseConfig from ConfigModule.
@Module({})
export class DatabaseModule {
  static forRoot(database: AppDatabase): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      providers: [
        {
          provide: DataSource,
          inject: [DatabaseConfig],
          useFactory: (config: DatabaseConfig) => createDataSource(database, config).initialize(),
        },
        DataSourceCloser,
      ],
      exports: [DataSource],
    };
  }
}
