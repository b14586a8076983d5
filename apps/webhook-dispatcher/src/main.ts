import { runService } from '@platform/http';
import { webhookDispatcherDefinition } from './webhook-dispatcher.definition.js';

await runService(webhookDispatcherDefinition);
