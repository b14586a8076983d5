import { Injectable } from '@nestjs/common';
import type { PresentedError } from '@platform/http';
import { Clock } from '@shared/util';
import { throttled } from '../core/errors/gateway-error.presenter.js';
import { RateLimitMetrics } from './rate-limit.metrics.js';
import { windowAt } from './rate-limit-window.js';
import { RateLimitsConfig } from './rate-limits.config.js';
import { SharedWindowCounters } from './shared-window-counters.js';

const BUCKET = 'failed_authentication';

// Slows down credential guessing: a client address that sent FAILED_AUTH_LIMIT wrong
// credentials (API key, bearer token or ops key) in a window has its credentialed requests
// refused with 429 until the window ends, before any credential is checked.
@Injectable()
export class FailedAuthenticationLimiter {
  constructor(
    private readonly counters: SharedWindowCounters,
    private readonly config: RateLimitsConfig,
    private readonly metrics: RateLimitMetrics,
    private readonly clock: Clock,
  ) {}

  refusal(address: string): PresentedError | null {
    const { key, secondsLeft } = this.window(address);
    if (this.counters.count(key) < this.config.FAILED_AUTH_LIMIT) return null;
    this.metrics.refused(BUCKET);
    return throttled(
      'authentication_rate_limited',
      `Too many failed authentications from this address: at most ${this.config.FAILED_AUTH_LIMIT} per ${this.config.FAILED_AUTH_WINDOW_SECONDS} s; retry in ${secondsLeft} s`,
      secondsLeft,
    );
  }

  failed(address: string): void {
    this.counters.add(this.window(address).key);
  }

  private window(address: string) {
    const windowSeconds = this.config.FAILED_AUTH_WINDOW_SECONDS;
    return windowAt(`address:${address}`, BUCKET, windowSeconds, this.clock.now().getTime());
  }
}
