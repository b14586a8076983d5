import { platformSections, type ServiceDefinition } from '@platform/http';
import { ServiceName } from '@shared/contracts';
import { chainWatchersDatabase } from './chain-watchers.database.js';

export const chainWatchersDefinition: ServiceDefinition<typeof platformSections> = {
  name: ServiceName.ChainWatchers,
  config: platformSections,
  database: chainWatchersDatabase,
};
