import { DisabledUsers1796600000000 } from './1796600000000-disabled-users.js';

// The migrations the disabled-users feature added after the gateway's schema history, in the
// order applied.
export const disabledUsersMigrations = [DisabledUsers1796600000000];
