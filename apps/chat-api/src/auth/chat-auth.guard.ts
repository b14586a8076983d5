import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { CHAT_ROUTE, type ChatRouteDefinition } from '../request/chat-route.js';
import { ChatError } from '../request/chat.error.js';
import type { ChatRequest } from '../request/chat-request.js';
import { requireAccess } from '../users/permissions.js';
import { ChatApiConfig } from '../chat-api.config.js';
import { ChatAuthenticator } from './chat-authenticator.js';
import { requestHost } from './request-host.js';
import { RateLimiter } from './rate-limiter.js';

// HTTP Basic `email:api_key` on every chat endpoint that needs a user, before any parameter is
// read; then the caller's rate limit, reported in X-RateLimit-* headers as Zulip does.
@Injectable()
export class ChatAuthGuard implements CanActivate {
  private readonly userLimit: number;

  constructor(
    private readonly authenticator: ChatAuthenticator,
    private readonly limiter: RateLimiter,
    private readonly reflector: Reflector,
    config: ChatApiConfig,
  ) {
    this.userLimit = config.CHAT_RATE_LIMIT_REQUESTS;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<ChatRequest>();
    const response = context.switchToHttp().getResponse<Response>();
    const [email, apiKey] = basicCredentials(request.headers.authorization);
    const caller = await this.authenticator.authenticate(email, apiKey, requestHost(request));
    const route = this.reflector.get<ChatRouteDefinition | undefined>(CHAT_ROUTE, context.getHandler());
    if (route?.rateLimited !== false)
      this.limiter.enforce(`user:${caller.user.id}`, this.userLimit, response);
    requireAccess(caller, route?.access ?? 'user');
    request.chatCaller = caller;
    return true;
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
