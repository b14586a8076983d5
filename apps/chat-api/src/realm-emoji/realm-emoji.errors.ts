import { ChatError } from '../core/http/chat.error.js';

// Zulip's refusals of custom emoji (zerver/views/realm_emoji.py, zerver/lib/emoji.py,
// zerver/actions/realm_emoji.py).
export const RealmEmojiErrors = {
  nameMissing: () => ChatError.badRequest('Emoji name is missing'),
  nameEnd: () => ChatError.badRequest('Emoji names must end with either a letter or digit.'),
  nameCharacters: () =>
    ChatError.badRequest(
      'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.',
    ),
  insufficientPermission: () => ChatError.badRequest('Insufficient permission'),
  nameTaken: () => ChatError.badRequest('A custom emoji with this name already exists.'),
  builtInName: () => ChatError.badRequest('Only administrators can override built-in emoji.'),
  notOneFile: () => ChatError.badRequest('You must upload exactly one file.'),
  tooLarge: (maxMib: number) =>
    ChatError.badRequest(`Uploaded file is larger than the allowed limit of ${maxMib} MiB`),
  invalidImage: () => ChatError.badRequest('Invalid image format'),
  unknown: (name: string) => ChatError.notFound(`Emoji '${name}' does not exist`),
  notAuthor: () => ChatError.badRequest('Must be an organization administrator or emoji author'),
};
