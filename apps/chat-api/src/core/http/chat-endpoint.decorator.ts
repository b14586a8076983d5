import {
  applyDecorators,
  HttpCode,
  RequestMapping,
  RequestMethod,
  SetMetadata,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { Public } from '@platform/http';
import { ChatAnonymousGuard } from '../../auth/chat-anonymous.guard.js';
import { ChatAuthGuard } from '../../auth/chat-auth.guard.js';
import { ChatEnvelopeInterceptor } from './chat-envelope.interceptor.js';
import {
  CHAT_API_PREFIX,
  CHAT_ROUTE,
  type ChatAccess,
  type ChatMethod,
  type ChatRouteDefinition,
} from './chat-route.js';

export interface ChatEndpointOptions {
  // Default `user`.
  readonly access?: ChatAccess;
  // Default true.
  readonly rateLimited?: boolean;
}

// Declares one Zulip endpoint under /api/v1. The platform sees it as @Public because the gateway
// forwards chat requests untouched and chat-api authenticates its own users (ChatAuthGuard).
// The handler returns the success fields only; the envelope adds `result`, `msg` and
// `ignored_parameters_unsupported`.
export function ChatEndpoint(method: ChatMethod, path: string, options: ChatEndpointOptions = {}) {
  const access = options.access ?? 'user';
  const definition: ChatRouteDefinition = { method, path, access, rateLimited: options.rateLimited ?? true };
  return applyDecorators(
    RequestMapping({ path: `${CHAT_API_PREFIX}/${path}`, method: RequestMethod[method] }),
    HttpCode(200),
    SetMetadata(CHAT_ROUTE, definition),
    Public(),
    UseGuards(access === 'none' ? ChatAnonymousGuard : ChatAuthGuard),
    UseInterceptors(ChatEnvelopeInterceptor),
  );
}
