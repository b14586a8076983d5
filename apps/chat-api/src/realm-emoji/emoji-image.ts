import { randomBytes } from 'node:crypto';

// Zulip's MAX_EMOJI_FILE_SIZE_MIB default.
export const MAX_EMOJI_FILE_SIZE_MIB = 5;

// The image types Zulip accepts for emoji (both thumbnailable and shown inline), with the
// extension its file name gets.
const EXTENSIONS: ReadonlyMap<string, string> = new Map([
  ['image/avif', '.avif'],
  ['image/gif', '.gif'],
  ['image/jpeg', '.jpg'],
  ['image/png', '.png'],
  ['image/webp', '.webp'],
]);
const TYPES: ReadonlyMap<string, string> = new Map([...EXTENSIONS].map(([type, ext]) => [ext, type]));

export function emojiExtension(contentType: string): string | undefined {
  return EXTENSIONS.get(contentType.split(';')[0]!.trim().toLowerCase());
}

// The type an emoji file is served with, from the extension the server gave it.
export function emojiContentType(fileName: string): string | undefined {
  return TYPES.get(fileName.slice(fileName.lastIndexOf('.')));
}

// An unguessable file name (Zulip salts a hash of the id so names cannot be enumerated).
export function newEmojiFileName(extension: string): string {
  return randomBytes(4).toString('hex') + extension;
}
