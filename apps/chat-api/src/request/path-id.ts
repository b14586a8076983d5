import { ChatError } from './chat.error.js';

// A numeric path segment (`/messages/{message_id}`). Zulip's URL patterns match digits only, so
// anything else is the same 404 as an unknown path.
export function pathId(segment: string): number {
  if (!/^[0-9]{1,9}$/.test(segment)) throw ChatError.notFound('Not Found');
  return Number(segment);
}
