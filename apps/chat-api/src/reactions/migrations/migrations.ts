import { Reactions1795707147936 } from './1795707147936-reactions.js';

// Applied in this order; `npm run migrate -- generate --into reactions` appends here.
export const reactionsMigrations = [Reactions1795707147936];
