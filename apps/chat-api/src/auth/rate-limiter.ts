import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { Clock } from '@shared/util';
import { ChatApiConfig } from '../chat-api.config.js';
import { ChatError, ChatErrorCode } from '../request/chat.error.js';

export interface RateLimitOutcome {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  // Seconds until the oldest counted request leaves the window (Zulip's `secs_to_freedom`).
  readonly secondsToFreedom: number;
  // Unix seconds when the window is clear again (`X-RateLimit-Reset`).
  readonly resetAt: number;
}

// Zulip's sliding-window log: at most N requests in any window of W seconds per key (an
// account, or the client address of a request without credentials). Kept in this replica's
// memory: with R replicas behind a balancer a caller gets at most R × N.
@Injectable()
export class RateLimiter {
  private readonly requests = new Map<string, number[]>();
  private readonly windowMs: number;

  constructor(
    config: ChatApiConfig,
    private readonly clock: Clock,
  ) {
    this.windowMs = config.CHAT_RATE_LIMIT_WINDOW_SECONDS * 1000;
  }

  hit(key: string, limit: number): RateLimitOutcome {
    const now = this.clock.now().getTime();
    const recent = (this.requests.get(key) ?? []).filter((at) => at > now - this.windowMs);
    const allowed = recent.length < limit;
    if (allowed) recent.push(now);
    this.requests.set(key, recent);
    const oldest = recent[0] ?? now;
    return {
      allowed,
      limit,
      remaining: limit - recent.length,
      secondsToFreedom: allowed ? 0 : (oldest + this.windowMs - now) / 1000,
      resetAt: Math.floor((oldest + this.windowMs) / 1000),
    };
  }

  // Counts the request, reports the limit in Zulip's headers and refuses it when over.
  enforce(key: string, limit: number, response: Response): void {
    const outcome = this.hit(key, limit);
    response.setHeader('X-RateLimit-Limit', String(outcome.limit));
    response.setHeader('X-RateLimit-Remaining', String(outcome.remaining));
    response.setHeader('X-RateLimit-Reset', String(outcome.resetAt));
    if (!outcome.allowed) {
      throw new ChatError(ChatErrorCode.RATE_LIMIT_HIT, 'API usage exceeded rate limit', {
        'retry-after': outcome.secondsToFreedom,
      });
    }
  }
}
