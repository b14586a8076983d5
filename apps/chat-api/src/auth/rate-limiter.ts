import { Injectable } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { Clock } from '@shared/util';
import { ChatApiConfig } from '../core/chat-api.config.js';
import { ChatError, ChatErrorCode } from '../core/http/chat.error.js';

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
  private readonly requests = new Map<string, RequestLog>();
  private readonly windowMs: number;

  constructor(
    config: ChatApiConfig,
    private readonly clock: Clock,
  ) {
    this.windowMs = config.CHAT_RATE_LIMIT_WINDOW_SECONDS * 1000;
  }

  hit(key: string, limit: number): RateLimitOutcome {
    const now = this.clock.now().getTime();
    let log = this.requests.get(key);
    if (!log) this.requests.set(key, (log = new RequestLog()));
    log.forgetUntil(now - this.windowMs);
    const allowed = log.size < limit;
    if (allowed) log.add(now);
    const oldest = log.oldest ?? now;
    return {
      allowed,
      limit,
      remaining: limit - log.size,
      secondsToFreedom: allowed ? 0 : (oldest + this.windowMs - now) / 1000,
      resetAt: Math.floor((oldest + this.windowMs) / 1000),
    };
  }

  // Counts the request, reports the limit in Zulip's headers and refuses it when over.
  enforce(key: string, limit: number, response: ServerResponse): void {
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

// One key's request times, oldest first (they are added as they come). Expired times leave from
// the front in amortized constant time: a high limit (thousands of requests per window) must not
// make every request walk the whole log.
class RequestLog {
  private times: number[] = [];
  private start = 0;

  get size(): number {
    return this.times.length - this.start;
  }

  get oldest(): number | undefined {
    return this.times[this.start];
  }

  add(time: number): void {
    this.times.push(time);
  }

  forgetUntil(cutoff: number): void {
    while (this.start < this.times.length && this.times[this.start]! <= cutoff) this.start += 1;
    // Compact once the forgotten part is most of the array.
    if (this.start > 64 && this.start * 2 > this.times.length) {
      this.times = this.times.slice(this.start);
      this.start = 0;
    }
  }
}
