import { emojiSourceUrl } from '../core/custom-emoji-urls.js';
import type { RealmEmojiEntity } from './realm-emoji.entity.js';

// A realm's emoji as Zulip's get_realm_emoji_dicts gives them: keyed by id (as text), the
// deactivated ones included. No still image is made of animated ones (still_url null).
export function realmEmojiDicts(emoji: readonly RealmEmojiEntity[]) {
  return Object.fromEntries(
    emoji.map((row) => [
      String(row.id),
      {
        id: String(row.id),
        name: row.name,
        source_url: emojiSourceUrl(row.realmId, row.fileName),
        deactivated: row.deactivated,
        author_id: row.authorId,
        still_url: null,
      },
    ]),
  );
}
