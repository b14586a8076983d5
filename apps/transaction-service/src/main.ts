import { runService } from '@platform/http';
import { transactionServiceDefinition } from './transaction-service.definition.js';

await runService(transactionServiceDefinition);
