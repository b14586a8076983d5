import { Init1795308611809 } from './1795308611809-init.js';

// Applied in this order; `npm run migrate -- generate --app chat-api --name <name>` appends here.
export const chatApiMigrations = [Init1795308611809];
