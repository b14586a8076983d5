import { platformSections, type ServiceDefinition } from '@platform/http';
import { ServiceName } from '@shared/contracts';
import { ChainWatchersConfig } from './core/chain-watchers.config.js';
import { chainWatchersDatabase } from './chain-watchers.database.js';
import { ChainWatchersModule } from './chain-watchers.module.js';
import { RefundRequestedConsumer } from './refunds/refund-requested.consumer.js';

const chainWatchersSections = { ...platformSections, chains: ChainWatchersConfig };

export const chainWatchersDefinition: ServiceDefinition<typeof chainWatchersSections> = {
  name: ServiceName.ChainWatchers,
  title: 'Chain watchers',
  config: chainWatchersSections,
  database: chainWatchersDatabase,
  imports: [ChainWatchersModule],
  consumers: [RefundRequestedConsumer],
};
