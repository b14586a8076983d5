import type { WindowKey } from './rate-limit-counters.repository.js';

// The window `nowMs` falls in, aligned on the epoch so every replica agrees where it starts, and
// the whole seconds until it ends (at least 1): what `t` and Retry-After say.
export function windowAt(
  subject: string,
  bucket: string,
  windowSeconds: number,
  nowMs: number,
): { readonly key: WindowKey; readonly secondsLeft: number } {
  const windowStart = Math.floor(nowMs / 1000 / windowSeconds) * windowSeconds;
  const secondsLeft = Math.ceil(((windowStart + windowSeconds) * 1000 - nowMs) / 1000);
  return { key: { subject, bucket, windowStart, windowSeconds }, secondsLeft };
}
