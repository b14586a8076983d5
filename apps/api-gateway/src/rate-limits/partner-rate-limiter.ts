import { Injectable } from '@nestjs/common';
import type { PresentedError } from '@platform/http';
import { Clock } from '@shared/util';
import { throttled } from '../core/errors/gateway-error.presenter.js';
import { PartnerRateLimitBook } from './partner-rate-limit.book.js';
import { RateLimitMetrics } from './rate-limit.metrics.js';
import { windowAt } from './rate-limit-window.js';
import { routeClassOf, type RouteClass } from './route-class.js';
import { SharedWindowCounters } from './shared-window-counters.js';

export const RATE_LIMITED = 'rate_limited';

// What the limit says of one request: the headers every answer to it carries, and the 429 when
// the partner is over its limit (the request is then not counted).
export interface RateLimitVerdict {
  readonly headers: Readonly<Record<string, string>>;
  readonly refusal: PresentedError | null;
}

// Per-partner limits by route class. An API key and every wallet session of a partner count
// against the same limits.
@Injectable()
export class PartnerRateLimiter {
  constructor(
    private readonly book: PartnerRateLimitBook,
    private readonly counters: SharedWindowCounters,
    private readonly metrics: RateLimitMetrics,
    private readonly clock: Clock,
  ) {}

  admit(partnerId: string, method: string | undefined, path: string): RateLimitVerdict {
    const routeClass = routeClassOf(method, path);
    const { limit, windowSeconds } = this.book.policyOf(partnerId, routeClass);
    const { key, secondsLeft } = windowAt(
      `partner:${partnerId}`,
      routeClass,
      windowSeconds,
      this.clock.now().getTime(),
    );
    const counted = this.counters.count(key);
    const policy = `"${routeClass}";q=${limit};w=${windowSeconds}`;
    if (counted >= limit) {
      this.metrics.refused(routeClass);
      const refusal = rateLimited(routeClass, limit, windowSeconds, secondsLeft);
      return { headers: rateLimitHeaders(policy, routeClass, 0, secondsLeft), refusal };
    }
    this.counters.add(key);
    return { headers: rateLimitHeaders(policy, routeClass, limit - counted - 1, secondsLeft), refusal: null };
  }
}

// draft-ietf-httpapi-ratelimit-headers-10 (the syntax of -09 unchanged): `RateLimit-Policy` is a
// Structured Fields list of quota policies, a String naming the policy with `q` (quota) and `w`
// (window, seconds); `RateLimit` names the same policy with `r` (remaining quota) and `t`
// (seconds until the quota is restored).
function rateLimitHeaders(
  policy: string,
  routeClass: RouteClass,
  remaining: number,
  secondsLeft: number,
): Record<string, string> {
  return { 'ratelimit-policy': policy, ratelimit: `"${routeClass}";r=${remaining};t=${secondsLeft}` };
}

function rateLimited(
  routeClass: RouteClass,
  limit: number,
  windowSeconds: number,
  secondsLeft: number,
): PresentedError {
  return throttled(
    RATE_LIMITED,
    `Rate limit exceeded: at most ${limit} ${routeClass} requests per ${windowSeconds} s; retry in ${secondsLeft} s`,
    secondsLeft,
  );
}
