import { RateLimits1796620000000 } from './1796620000000-rate-limits.js';

// The migrations the rate-limits feature added after the gateway's schema history, in the order
// applied.
export const rateLimitsMigrations = [RateLimits1796620000000];
