import { Init1795308573798 } from './1795308573798-init.js';

// Applied in this order; `npm run migrate -- generate --app api-gateway --name <name>` appends here.
export const apiGatewayMigrations = [Init1795308573798];
