import { UserGroups1795702980997 } from './1795702980997-user-groups.js';
import { UserGroupsBackfill1795702980998 } from './1795702980998-user-groups-backfill.js';

// Applied in this order; `npm run migrate -- generate --into user-groups` appends here.
export const userGroupsMigrations = [UserGroups1795702980997, UserGroupsBackfill1795702980998];
