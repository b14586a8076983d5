import { RailCaps1796552069071 } from './1796552069071-rail-caps.js';

// Applied in this order; `npm run migrate -- generate --app quote-service --into rail-caps` appends here.
export const railCapsMigrations = [RailCaps1796552069071];
