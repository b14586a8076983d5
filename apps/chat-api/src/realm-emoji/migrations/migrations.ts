import { RealmEmoji1796564401403 } from './1796564401403-realm-emoji.js';

// Applied in this order; `npm run migrate -- generate --into realm-emoji` appends here.
export const realmEmojiMigrations = [RealmEmoji1796564401403];
