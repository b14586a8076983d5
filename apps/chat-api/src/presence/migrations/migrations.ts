import { Presence1796562008262 } from './1796562008262-presence.js';

// Applied in this order; `npm run migrate -- generate --into presence` appends here.
export const presenceMigrations = [Presence1796562008262];
