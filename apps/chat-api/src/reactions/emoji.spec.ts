import { describe, expect, it } from '@jest/globals';
import { ChatError } from '../core/http/chat.error.js';
import { buildEmojiTable, checkEmojiRequest, emojiCodeOf, emojiDataFor } from './emoji.js';

const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    return (error as ChatError).reason;
  }
  return null;
};

describe('emoji names and codes', () => {
  it("writes Zulip's codes: lowercase, unqualified", () => {
    expect(emojiCodeOf('1F44D')).toBe('1f44d');
    expect(emojiCodeOf('2764-FE0F')).toBe('2764');
    expect(emojiCodeOf('1F3F3-FE0F-200D-1F308')).toBe('1f3f3-200d-1f308');
  });

  it("looks names up, Zulip's names over the Google set's", () => {
    expect(emojiDataFor('thumbs_up')).toEqual({ emojiCode: '1f44d', reactionType: 'unicode_emoji' });
    expect(emojiDataFor('+1')).toEqual({ emojiCode: '1f44d', reactionType: 'unicode_emoji' });
    expect(emojiDataFor('smile').emojiCode).toBe('263a');
    expect(emojiDataFor('big_smile').emojiCode).toBe('1f604');
    expect(emojiDataFor('octopus').emojiCode).toBe('1f419');
    expect(emojiDataFor('zulip')).toEqual({ emojiCode: 'zulip', reactionType: 'zulip_extra_emoji' });
    expect(refusal(() => emojiDataFor('nope'))).toBe("Emoji 'nope' does not exist");
  });

  it("checks a new reaction's name, code and type as Zulip's check_emoji_request", () => {
    expect(refusal(() => checkEmojiRequest('thumbs_up', '1f44d', 'unicode_emoji'))).toBeNull();
    expect(refusal(() => checkEmojiRequest('zulip', 'zulip', 'zulip_extra_emoji'))).toBeNull();
    expect(refusal(() => checkEmojiRequest('thumbs_up', '1f44e', 'unicode_emoji'))).toBe(
      'Invalid emoji name.',
    );
    expect(refusal(() => checkEmojiRequest('thumbs_up', 'zzz', 'unicode_emoji'))).toBe('Invalid emoji code.');
    expect(refusal(() => checkEmojiRequest('zulip', 'x', 'zulip_extra_emoji'))).toBe('Invalid emoji code.');
    expect(refusal(() => checkEmojiRequest('x', 'zulip', 'zulip_extra_emoji'))).toBe('Invalid emoji name.');
    expect(refusal(() => checkEmojiRequest('x', '1', 'realm_emoji'))).toBe('Invalid custom emoji.');
    expect(refusal(() => checkEmojiRequest('x', '1', 'other'))).toBe('Invalid emoji type.');
  });

  it('keeps the first emoji of a short name two entries share, and skips those Google lacks', () => {
    const table = buildEmojiTable([
      { unified: '1F600', short_names: ['a'], has_img_google: true },
      { unified: '1F601', short_names: ['a', 'b'], has_img_google: true },
      { unified: '1F602', short_names: ['c'], has_img_google: false },
    ]);
    expect(table.nameToCode.get('a')).toBe('1f600');
    expect(table.nameToCode.get('b')).toBe('1f601');
    expect(table.nameToCode.has('c')).toBe(false);
  });
});
