import { Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ChatApiConfig } from '../core/chat-api.config.js';
import type { ChatRouteDefinition } from '../core/http/chat-route.js';
import { ChatError } from '../core/http/chat.error.js';
import { requireAccess } from '../core/http/permissions.js';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatAuthenticator } from './chat-authenticator.js';
import { RateLimiter } from './rate-limiter.js';
import { requestHost } from '../core/http/request-host.js';

// HTTP Basic `email:api_key` on every chat endpoint that needs a user, before any parameter is
// read; then the caller's rate limit, reported in X-RateLimit-* headers as Zulip does; then the
// endpoint's access level.
@Injectable()
export class ChatRequestAuthorizer {
  private readonly userLimit: number;
  private readonly anonymousLimit: number;

  constructor(
    private readonly authenticator: ChatAuthenticator,
    private readonly limiter: RateLimiter,
    config: ChatApiConfig,
  ) {
    this.userLimit = config.CHAT_RATE_LIMIT_REQUESTS;
    this.anonymousLimit = config.CHAT_RATE_LIMIT_ANONYMOUS_REQUESTS;
  }

  // Endpoints without credentials (/fetch_api_key, /server_settings) are limited per client
  // address, as Zulip limits unauthenticated requests by IP: password guessing stays slow.
  limitAnonymous(request: IncomingMessage, response: ServerResponse): void {
    this.limiter.enforce(`ip:${clientAddress(request)}`, this.anonymousLimit, response);
  }

  async authorize(
    request: IncomingMessage,
    response: ServerResponse,
    route: Pick<ChatRouteDefinition, 'access' | 'rateLimited'>,
  ): Promise<ChatCaller> {
    const [email, apiKey] = basicCredentials(request.headers.authorization);
    const caller = await this.authenticator.authenticate(email, apiKey, requestHost(request));
    if (route.rateLimited) this.limiter.enforce(`user:${caller.user.id}`, this.userLimit, response);
    requireAccess(caller, route.access);
    return caller;
  }
}

function basicCredentials(header: string | undefined): [string, string] {
  if (!header) throw ChatError.unauthorized();
  const parts = header.trim().split(/\s+/);
  if (parts.length !== 2) throw ChatError.unauthorized('Invalid authorization header for basic auth');
  const [scheme, encoded] = parts as [string, string];
  if (scheme.toLowerCase() !== 'basic')
    throw ChatError.badRequest('This endpoint requires HTTP basic authentication.');
  const decoded = Buffer.from(encoded, 'base64').toString('utf8').split(':');
  if (decoded.length !== 2) throw ChatError.unauthorized('Invalid authorization header for basic auth');
  return decoded as [string, string];
}

// The gateway appends the caller's address to X-Forwarded-For; chat-api is reachable only
// through it, so the first entry is the client's.
function clientAddress(request: IncomingMessage): string {
  const forwarded = request.headers['x-forwarded-for'];
  const first = typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined;
  return first || request.socket.remoteAddress || 'unknown';
}
