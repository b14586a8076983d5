import { KeyQuota1796610000000 } from './1796610000000-key-quota.js';
import { ApiKeyNameLastUsed1796800000002 } from './1796800000002-api-key-name-last-used.js';

// The migrations the partners feature added after the gateway's schema history, in the order
// applied.
export const partnersMigrations = [KeyQuota1796610000000, ApiKeyNameLastUsed1796800000002];
