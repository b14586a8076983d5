import { runService } from '@platform/http';
import { kycServiceDefinition } from './kyc-service.definition.js';

await runService(kycServiceDefinition);
