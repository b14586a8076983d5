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
//
// A failure is only known once its check ends, so credentials still being checked hold a place
// too: otherwise a thousand different guesses sent at once would all be checked before the first
// failed. A place is per distinct credential, so a partner's burst with its one key holds one.
@Injectable()
export class FailedAuthenticationLimiter {
  // Per address, each credential being checked (by fingerprint) and how many requests carry it.
  private readonly checking = new Map<string, Map<string, number>>();

  constructor(
    private readonly counters: SharedWindowCounters,
    private readonly config: RateLimitsConfig,
    private readonly metrics: RateLimitMetrics,
    private readonly clock: Clock,
  ) {}

  // The 429 for a request from `address` carrying the credential `fingerprint`, or the release of
  // the place its check now holds (called once the check has ended, whatever its outcome).
  admit(address: string, fingerprint: string): { refusal: PresentedError } | { release: () => void } {
    const { key, secondsLeft } = this.window(address);
    const inFlight = this.checking.get(address) ?? new Map<string, number>();
    const places = this.counters.count(key) + inFlight.size + (inFlight.has(fingerprint) ? 0 : 1);
    if (places > this.config.FAILED_AUTH_LIMIT) return { refusal: this.refusal(secondsLeft) };
    inFlight.set(fingerprint, (inFlight.get(fingerprint) ?? 0) + 1);
    this.checking.set(address, inFlight);
    return { release: () => this.release(address, fingerprint) };
  }

  failed(address: string): void {
    this.counters.add(this.window(address).key);
  }

  private release(address: string, fingerprint: string): void {
    const inFlight = this.checking.get(address);
    if (!inFlight) return;
    const left = (inFlight.get(fingerprint) ?? 0) - 1;
    if (left > 0) inFlight.set(fingerprint, left);
    else inFlight.delete(fingerprint);
    if (inFlight.size === 0) this.checking.delete(address);
  }

  private refusal(secondsLeft: number): PresentedError {
    this.metrics.refused(BUCKET);
    return throttled(
      'authentication_rate_limited',
      `Too many failed authentications from this address: at most ${this.config.FAILED_AUTH_LIMIT} per ${this.config.FAILED_AUTH_WINDOW_SECONDS} s; retry in ${secondsLeft} s`,
      secondsLeft,
    );
  }

  private window(address: string) {
    const windowSeconds = this.config.FAILED_AUTH_WINDOW_SECONDS;
    return windowAt(`address:${address}`, BUCKET, windowSeconds, this.clock.now().getTime());
  }
}
