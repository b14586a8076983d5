import { RealmExports1795730048896 } from './1795730048896-realm-exports.js';

// Applied in this order; `npm run migrate -- generate --into realm-exports` appends here.
export const realmExportsMigrations = [RealmExports1795730048896];
