import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ChatApiConfig } from '../core/chat-api.config.js';
import { RateLimiter } from './rate-limiter.js';

// Endpoints without credentials (/fetch_api_key, /server_settings) are limited per client
// address, as Zulip limits unauthenticated requests by IP: password guessing stays slow.
@Injectable()
export class ChatAnonymousGuard implements CanActivate {
  private readonly limit: number;

  constructor(
    private readonly limiter: RateLimiter,
    config: ChatApiConfig,
  ) {
    this.limit = config.CHAT_RATE_LIMIT_ANONYMOUS_REQUESTS;
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    this.limiter.enforce(
      `ip:${clientAddress(request)}`,
      this.limit,
      context.switchToHttp().getResponse<Response>(),
    );
    return true;
  }
}

// The gateway appends the caller's address to X-Forwarded-For; chat-api is reachable only
// through it, so the first entry is the client's.
function clientAddress(request: Request): string {
  const forwarded = request.headers['x-forwarded-for'];
  const first = typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined;
  return first || request.socket.remoteAddress || 'unknown';
}
