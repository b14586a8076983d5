import { createRequire } from 'node:module';
import { ChatError } from '../core/http/chat.error.js';
import type { ReactionType } from './reaction.entity.js';
import { ZULIP_EMOJI_NAMES } from './zulip-emoji-names.js';

interface DatasourceEmoji {
  readonly unified: string;
  readonly short_names: readonly string[];
  readonly has_img_google: boolean;
}

export interface EmojiData {
  readonly emojiCode: string;
  readonly reactionType: ReactionType;
}

// Zulip's one extra emoji: name and code are both `zulip`.
const ZULIP_EXTRA_EMOJI = 'zulip';

// Zulip's emoji code: the lowercase hex codepoints of the unqualified emoji (no U+FE0F
// variation selectors), joined by `-` (emoji_setup_utils.get_emoji_code).
export function emojiCodeOf(unified: string): string {
  return unified
    .toLowerCase()
    .split('-')
    .filter((codepoint) => codepoint !== 'fe0f')
    .join('-');
}

// name → code and the set of known codes, from the Google set with Zulip's names on top.
export function buildEmojiTable(emoji: readonly DatasourceEmoji[]) {
  const nameToCode = new Map<string, string>();
  for (const entry of emoji) {
    if (!entry.has_img_google) continue;
    const code = emojiCodeOf(entry.unified);
    for (const name of entry.short_names) if (!nameToCode.has(name)) nameToCode.set(name, code);
  }
  for (const [code, names] of Object.entries(ZULIP_EMOJI_NAMES))
    for (const name of names) nameToCode.set(name, code);
  return { nameToCode, codes: new Set(nameToCode.values()) };
}

const datasource = createRequire(import.meta.url)(
  'emoji-datasource/emoji.json',
) as readonly DatasourceEmoji[];
const table = buildEmojiTable(datasource);

// Zulip's get_emoji_data among the built-in emoji: a name is `zulip` or a unicode emoji, or
// unknown. A realm's custom emoji are looked up first, by realm-emoji's CustomEmojiCatalog.
export function emojiDataFor(emojiName: string): EmojiData {
  if (emojiName === ZULIP_EXTRA_EMOJI)
    return { emojiCode: ZULIP_EXTRA_EMOJI, reactionType: 'zulip_extra_emoji' };
  const code = table.nameToCode.get(emojiName);
  if (code !== undefined) return { emojiCode: code, reactionType: 'unicode_emoji' };
  throw ChatError.badRequest(`Emoji '${emojiName}' does not exist`);
}

// Whether a name is one of the unicode emoji's (Zulip's name_to_codepoint): only
// administrators may give a custom emoji such a name.
export function isUnicodeEmojiName(name: string): boolean {
  return table.nameToCode.has(name);
}

// Zulip's check_emoji_request for the built-in emoji: may a new reaction use this (name, code,
// type)? CustomEmojiCatalog checks realm emoji against the realm's; none is built in.
export function checkEmojiRequest(emojiName: string, emojiCode: string, reactionType: string): void {
  if (reactionType === 'realm_emoji') throw ChatError.badRequest('Invalid custom emoji.');
  if (reactionType === 'zulip_extra_emoji') {
    if (emojiCode !== ZULIP_EXTRA_EMOJI) throw ChatError.badRequest('Invalid emoji code.');
    if (emojiName !== emojiCode) throw ChatError.badRequest('Invalid emoji name.');
    return;
  }
  if (reactionType === 'unicode_emoji') {
    if (!table.codes.has(emojiCode)) throw ChatError.badRequest('Invalid emoji code.');
    if (table.nameToCode.get(emojiName) !== emojiCode) throw ChatError.badRequest('Invalid emoji name.');
    return;
  }
  throw ChatError.badRequest('Invalid emoji type.');
}
