import { describe, expect, it } from '@jest/globals';
import { ChatError } from '../core/http/chat.error.js';
import { checkFieldValue, checkPickedUsers, type ValueTarget } from './field-value.rules.js';
import { ProfileFieldType } from './profile-field-types.js';
import { isUrl } from './value-checks.js';

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ChatError) return error.reason;
    throw error;
  }
  throw new Error('expected a ChatError');
}

const field = (fieldType: ProfileFieldType, fieldData = ''): ValueTarget => ({
  name: 'Label',
  fieldType,
  fieldData,
});

describe(checkFieldValue.name, () => {
  it('caps short texts (short text, external account, pronouns) at 50 code points', () => {
    for (const type of [
      ProfileFieldType.SHORT_TEXT,
      ProfileFieldType.EXTERNAL_ACCOUNT,
      ProfileFieldType.PRONOUNS,
    ]) {
      expect(checkFieldValue(field(type), '😀'.repeat(50))).toBe('😀'.repeat(50));
      expect(refusal(() => checkFieldValue(field(type), 'x'.repeat(51)))).toBe(
        'Label is too long (limit: 50 characters)',
      );
      expect(refusal(() => checkFieldValue(field(type), [1]))).toBe('Label is not a string');
    }
  });

  it('caps long texts at 500', () => {
    expect(checkFieldValue(field(ProfileFieldType.LONG_TEXT), 'x'.repeat(500))).toHaveLength(500);
    expect(refusal(() => checkFieldValue(field(ProfileFieldType.LONG_TEXT), 'x'.repeat(501)))).toBe(
      'Label is too long (limit: 500 characters)',
    );
  });

  it('takes dates only as YYYY-MM-DD of a real day', () => {
    const date = field(ProfileFieldType.DATE);
    expect(checkFieldValue(date, '2024-02-29')).toBe('2024-02-29');
    expect(checkFieldValue(date, '0001-01-01')).toBe('0001-01-01');
    for (const bad of [
      '2023-02-29',
      '2024-13-01',
      '20240101',
      '2024-1-01',
      '0000-01-01',
      ' 2024-01-01',
      'date',
    ])
      expect(refusal(() => checkFieldValue(date, bad))).toBe('Label is not a date');
    expect(refusal(() => checkFieldValue(date, 20240101))).toBe('Label is not a string');
  });

  it("takes links Django's URLValidator takes", () => {
    const link = field(ProfileFieldType.URL);
    expect(checkFieldValue(link, 'https://zulip.com/path?q=1#x')).toBe('https://zulip.com/path?q=1#x');
    expect(refusal(() => checkFieldValue(link, 'zulip.com'))).toBe('Label is not a URL');
    expect(refusal(() => checkFieldValue(link, 7))).toBe('Label is not a string');
  });

  it('takes a list-of-options value only among the choice keys', () => {
    const select = field(ProfileFieldType.SELECT, JSON.stringify({ '0': { text: 'Vim', order: '1' } }));
    expect(checkFieldValue(select, '0')).toBe('0');
    expect(refusal(() => checkFieldValue(select, 'emacs'))).toBe(
      "'emacs' is not a valid choice for 'Label'.",
    );
    expect(refusal(() => checkFieldValue(select, 0))).toBe('Label is not a string');
  });

  it('stores a person picker value as the JSON list of ids', () => {
    const picker = field(ProfileFieldType.USER);
    expect(checkFieldValue(picker, [3, 4])).toBe('[3,4]');
    expect(refusal(() => checkFieldValue(picker, 'someone'))).toBe('User IDs is not a list');
    expect(refusal(() => checkFieldValue(picker, [3, 'x']))).toBe('User IDs[1] is not an integer');
  });
});

describe(checkPickedUsers.name, () => {
  const active = { id: 1, isActive: true, isBot: false };
  it('refuses unknown ids first, then deactivated accounts and bots', () => {
    expect(() => checkPickedUsers([1], [active])).not.toThrow();
    expect(refusal(() => checkPickedUsers([1, 8, 9], [active]))).toBe('Invalid user IDs: 8, 9');
    expect(refusal(() => checkPickedUsers([2], [{ id: 2, isActive: false, isBot: false }]))).toBe(
      'User with ID 2 is deactivated',
    );
    expect(refusal(() => checkPickedUsers([3], [{ id: 3, isActive: true, isBot: true }]))).toBe(
      'User with ID 3 is a bot',
    );
  });
});

describe(isUrl.name, () => {
  it.each([
    'http://localhost',
    'https://127.0.0.1:8080/x',
    'ftp://[::1]/file',
    'https://user:pw@example.co.uk',
    'https://xn--bcher-kva.example',
    'https://bücher.de',
  ])('takes %s', (url) => expect(isUrl(url)).toBe(true));

  it.each([
    'mailto:someone@example.com',
    'https://example',
    'https://-bad.com',
    'https://exa mple.com',
    'https://example.com/\nnext',
    'javascript://example.com',
    'https://256.1.1.1',
  ])('refuses %s', (url) => expect(isUrl(url)).toBe(false));
});
