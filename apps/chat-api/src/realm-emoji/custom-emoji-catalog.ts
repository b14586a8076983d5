import { Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@platform/database';
import { ChatError } from '../core/http/chat.error.js';
import { checkEmojiRequest, type EmojiData, emojiDataFor } from '../reactions/emoji.js';
import { RealmEmojiRepository } from './realm-emoji.repository.js';

// The emoji a realm's messages may use: its custom emoji, then the built-in ones (Zulip's
// get_emoji_data and check_emoji_request, zerver/lib/emoji.py).
@Injectable()
export class CustomEmojiCatalog {
  constructor(private readonly emoji: RealmEmojiRepository) {}

  // An active custom emoji wins over a built-in one of the same name.
  async emojiDataFor(realmId: number, name: string, unit?: UnitOfWork): Promise<EmojiData> {
    const custom = await this.emoji.findActive(realmId, name, unit);
    return custom ? { emojiCode: String(custom.id), reactionType: 'realm_emoji' } : emojiDataFor(name);
  }

  // A custom emoji is named by its id; a deactivated one no longer takes new reactions.
  async checkEmojiRequest(
    realmId: number,
    name: string,
    code: string,
    reactionType: string,
    unit?: UnitOfWork,
  ): Promise<void> {
    if (reactionType !== 'realm_emoji') return checkEmojiRequest(name, code, reactionType);
    const custom = /^\d{1,9}$/.test(code) ? await this.emoji.findById(realmId, Number(code), unit) : null;
    if (!custom) throw ChatError.badRequest('Invalid custom emoji.');
    if (custom.name !== name) throw ChatError.badRequest('Invalid custom emoji name.');
    if (custom.deactivated) throw ChatError.badRequest('This custom emoji has been deactivated.');
  }
}
