import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AppDatabase } from './app-database.js';
import { createDataSource } from './create-data-source.js';
import { DatabaseConfig } from './database.config.js';
import { DatabaseHealth } from './database-health.js';
import { TransactionRunner } from './transaction-runner.js';

@Injectable()
class DataSourceCloser implements OnApplicationShutdown {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

// One TypeORM DataSource per app, on the app's own schema, injectable as `DataSource` (by
// repositories) and wrapped by `TransactionRunner` (for use cases spanning several repositories);
// `DatabaseHealth` answers the readiness probe.
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
        TransactionRunner,
        DatabaseHealth,
      ],
      exports: [DataSource, TransactionRunner, DatabaseHealth],
    };
  }
}
