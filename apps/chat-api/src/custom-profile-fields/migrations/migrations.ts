import { CustomProfileFields1795702911549 } from './1795702911549-custom-profile-fields.js';

// The migrations of the custom profile fields feature, in the order applied; `npm run migrate --
// generate --into custom-profile-fields` appends here.
export const customProfileFieldsMigrations = [CustomProfileFields1795702911549];
