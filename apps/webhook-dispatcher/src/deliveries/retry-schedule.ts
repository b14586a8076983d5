import { backoffWithJitter } from '@shared/util';

export interface WebhookRetryPolicy {
  readonly baseMs: number;
  readonly maxDelayMs: number;
  // Failed deliveries are retried until this long after their first attempt, then dead.
  readonly windowMs: number;
}

// Exponential backoff with full jitter (a random wait up to a ceiling that doubles per attempt
// and is capped), never shorter than the base so a streak of small draws cannot hammer a
// receiver. Retries continue for the whole window, whatever the draws, then the delivery is dead.
export class RetrySchedule {
  constructor(
    private readonly policy: WebhookRetryPolicy,
    private readonly random: () => number = Math.random,
  ) {}

  // When to try again after `attempts` attempts failed, or null when the delivery is dead.
  nextAttemptAt(attempts: number, firstAttemptAt: Date, now: Date): Date | null {
    if (now.getTime() - firstAttemptAt.getTime() >= this.policy.windowMs) return null;
    const { baseMs, maxDelayMs } = this.policy;
    const wait = Math.max(baseMs, backoffWithJitter(attempts, baseMs, maxDelayMs, this.random));
    return new Date(now.getTime() + wait);
  }
}
