import { MessageEdits1795714661536 } from './1795714661536-message-edits.js';
import { MessageSearch1796551933090 } from './1796551933090-message-search.js';

// Applied in this order; `npm run migrate -- generate --into messages` appends here.
export const messagesMigrations = [MessageEdits1795714661536, MessageSearch1796551933090];
