import { Init1795308588995 } from './1795308588995-init.js';

// Applied in this order; `npm run migrate -- generate --app transaction-service --name <name>` appends here.
export const transactionServiceMigrations = [Init1795308588995];
