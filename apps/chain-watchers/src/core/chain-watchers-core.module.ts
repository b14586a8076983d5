import { Global, Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { ChainAdapters } from './chains/chain-adapters.js';
import { DepositKeys } from './chains/deposit-keys.js';
import { chainWatchersMigrations } from './database/migrations/migrations.js';
import { ChainRegistry } from './upstreams/chain-registry.js';
import { TransactionTracesClient } from './upstreams/transaction-traces.client.js';

// What every feature stands on: what is "ours" on each chain (the upstream deposit addresses and
// active assets), the chain adapters (registered by the adapter folders' modules), the deposit
// master secret, and the schema history (every migration so far; the features own the entities).
@Global()
@OwnsTables({ migrations: chainWatchersMigrations })
@Module({
  providers: [ChainRegistry, ChainAdapters, DepositKeys, TransactionTracesClient],
  exports: [ChainRegistry, ChainAdapters, DepositKeys, TransactionTracesClient],
})
export class ChainWatchersCoreModule {}
