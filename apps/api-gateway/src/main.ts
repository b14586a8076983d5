import { runService } from '@platform/http';
import { apiGatewayDefinition } from './api-gateway.definition.js';

await runService(apiGatewayDefinition);
