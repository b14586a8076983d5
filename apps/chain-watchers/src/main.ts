import { runService } from '@platform/http';
import { chainWatchersDefinition } from './chain-watchers.definition.js';

await runService(chainWatchersDefinition);
