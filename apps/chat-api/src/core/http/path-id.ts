import { ChatError } from './chat.error.js';
import { isStoredId } from './stored-id.js';

// A numeric path segment (`/messages/{message_id}`). Zulip's URL patterns match digits only, so
// anything else is the same 404 as an unknown path. Digits beyond the stored range name nothing:
// they read as 0, an id no row has, so the endpoint answers its own "does not exist".
export function pathId(segment: string): number {
  if (!/^[0-9]+$/.test(segment)) throw ChatError.notFound('Not Found');
  const id = Number(segment);
  return isStoredId(id) ? id : 0;
}
