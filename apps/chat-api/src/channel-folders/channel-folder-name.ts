import { ChatError } from '../core/http/chat.error.js';

// Zulip's check_channel_folder_name, but the uniqueness check (the repository's): a name may
// not be blank, nor hold a character check_string_is_printable refuses (control characters,
// surrogates, unassigned code points), reported at its 1-based position.
export function checkChannelFolderName(name: string): void {
  if (name.trim() === '') throw ChatError.badRequest("Channel folder name can't be empty.");
  const position = [...name].findIndex((char) => /[\p{Cc}\p{Cs}\p{Cn}]/u.test(char));
  if (position >= 0)
    throw ChatError.badRequest(`Invalid character in channel folder name, at position ${position + 1}.`);
}
