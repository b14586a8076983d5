import { DailyCaps1796552420402 } from './1796552420402-daily-caps.js';

// Applied in this order; `npm run migrate -- generate --app transaction-service --into daily-caps` appends here.
export const dailyCapsMigrations = [DailyCaps1796552420402];
