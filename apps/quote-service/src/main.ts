import { runService } from '@platform/http';
import { quoteServiceDefinition } from './quote-service.definition.js';

await runService(quoteServiceDefinition);
