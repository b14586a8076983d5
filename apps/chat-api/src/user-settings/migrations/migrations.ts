import { UserExportConsent1795730025594 } from './1795730025594-user-export-consent.js';

// Applied in this order; `npm run migrate -- generate --into user-settings` appends here.
export const userSettingsMigrations = [UserExportConsent1795730025594];
