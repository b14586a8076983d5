import { Init1795308581541 } from './1795308581541-init.js';

// Applied in this order; `npm run migrate -- generate --app quote-service --name <name>` appends here.
export const quoteServiceMigrations = [Init1795308581541];
