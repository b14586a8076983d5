import { Injectable } from '@nestjs/common';
import { Clock } from '@shared/util';
import { ChatApiConfig } from '../chat-api.config.js';

export interface RateLimitOutcome {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  // Seconds until the oldest counted request leaves the window (Zulip's `secs_to_freedom`).
  readonly secondsToFreedom: number;
  // Unix seconds when the window is clear again (`X-RateLimit-Reset`).
  readonly resetAt: number;
}

// Zulip's sliding-window log: at most N requests in any window of W seconds per caller. Kept in
// this replica's memory: with R replicas behind a balancer a caller gets at most R × N.
@Injectable()
export class RateLimiter {
  private readonly requests = new Map<string, number[]>();
  private readonly limit: number;
  private readonly windowMs: number;

  constructor(
    config: ChatApiConfig,
    private readonly clock: Clock,
  ) {
    this.limit = config.CHAT_RATE_LIMIT_REQUESTS;
    this.windowMs = config.CHAT_RATE_LIMIT_WINDOW_SECONDS * 1000;
  }

  hit(key: string): RateLimitOutcome {
    const now = this.clock.now().getTime();
    const recent = (this.requests.get(key) ?? []).filter((at) => at > now - this.windowMs);
    const allowed = recent.length < this.limit;
    if (allowed) recent.push(now);
    this.requests.set(key, recent);
    const oldest = recent[0] ?? now;
    const secondsToFreedom = allowed ? 0 : (oldest + this.windowMs - now) / 1000;
    return {
      allowed,
      limit: this.limit,
      remaining: this.limit - recent.length,
      secondsToFreedom,
      resetAt: Math.floor((oldest + this.windowMs) / 1000),
    };
  }
}
