import { Global, Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { transactionServiceMigrations } from './database/migrations/migrations.js';
import { ChainWatchersClient } from './upstreams/chain-watchers.client.js';
import { UpstreamClients } from './upstreams/upstream-clients.js';

// What every feature stands on: the services this one asks (quote-service, kyc-service,
// chain-watchers) and the schema history up to the feature modules.
@Global()
@OwnsTables({ migrations: transactionServiceMigrations })
@Module({
  providers: [UpstreamClients, ChainWatchersClient],
  exports: [UpstreamClients, ChainWatchersClient],
})
export class TransactionCoreModule {}
