import { RealmEmojiErrors } from './realm-emoji.errors.js';

// Zulip's check_valid_emoji_name, on the name as upload_emoji normalises it (stripped, spaces
// as underscores): lowercase letters, digits, dashes and underscores, ending with a letter or
// digit.
export function checkedEmojiName(given: string): string {
  const name = given.trim().replace(/ /g, '_');
  if (name === '') throw RealmEmojiErrors.nameMissing();
  if (/^[0-9a-z_-]+$/.test(name)) {
    if (/[_-]$/.test(name)) throw RealmEmojiErrors.nameEnd();
    return name;
  }
  throw RealmEmojiErrors.nameCharacters();
}
