import { ChatError } from '../core/http/chat.error.js';

const MAX_NAME_LENGTH = 100;
// Prefixes that would read as a mention, a system group or another kind of object.
const INVALID_NAME_PREFIXES = ['@', 'role:', 'user:', 'stream:', 'channel:'];

// Zulip's check_user_group_name (the name is kept as given, not stripped).
export function checkUserGroupName(name: string): string {
  if (name.trim() === '') throw ChatError.badRequest("User group name can't be empty!");
  if ([...name].length > MAX_NAME_LENGTH)
    throw ChatError.badRequest(`User group name cannot exceed ${MAX_NAME_LENGTH} characters.`);
  const prefix = INVALID_NAME_PREFIXES.find((candidate) => name.startsWith(candidate));
  if (prefix !== undefined) throw ChatError.badRequest(`User group name cannot start with '${prefix}'.`);
  return name;
}

export function groupExists(name: string): ChatError {
  return ChatError.badRequest(`User group '${name}' already exists.`);
}
