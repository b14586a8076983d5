import { applyDecorators, Get, SetMetadata } from '@nestjs/common';
import { Public } from '@platform/http';
import { CHAT_ROUTE, type ChatRouteDefinition } from '../core/http/chat-route.js';

// A download route at the site root (`/user_uploads/…`, where Zulip clients fetch files, not
// under /api/v1). With credentials required, the chat access guard authenticates it as it does
// GET /api/v1/user_uploads/… (HTTP Basic, rate limit); without, the route checks its own token.
export function UploadDownload(path: string, options: { credentials: boolean }) {
  const definition: ChatRouteDefinition = {
    method: 'GET',
    path,
    access: 'user',
    rateLimited: true,
    takesFile: false,
  };
  return applyDecorators(
    Get(path),
    Public(),
    ...(options.credentials ? [SetMetadata(CHAT_ROUTE, definition)] : []),
  );
}
