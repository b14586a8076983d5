import { UserSpecialPermissions1795702714895 } from './1795702714895-user-special-permissions.js';

// The migrations the users feature added after the shared schema history, in the order applied.
export const usersMigrations = [UserSpecialPermissions1795702714895];
