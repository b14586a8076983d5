import { UserGroups1795702980997 } from './1795702980997-user-groups.js';

// Applied in this order; `npm run migrate -- generate --into user-groups` appends here.
export const userGroupsMigrations = [UserGroups1795702980997];
