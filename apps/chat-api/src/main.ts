import { runService } from '@platform/http';
import { chatApiDefinition } from './chat-api.definition.js';

await runService(chatApiDefinition);
