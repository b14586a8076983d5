import { AlertWords1796562357764 } from './1796562357764-alert-words.js';

// Applied in this order; `npm run migrate -- generate --into alert-words` appends here.
export const alertWordsMigrations = [AlertWords1796562357764];
