import { afterEach, describe, expect, it } from '@jest/globals';
import { createRequire } from 'node:module';
import { stopKafkaJsIdleLoop } from './kafkajs-idle-loop-fix.js';

interface Queue {
  pending: unknown[];
  inflight: Map<number, unknown>;
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
}

const RequestQueue = createRequire(import.meta.url)('kafkajs/src/network/requestQueue/index.js') as new (
  options: object,
) => Queue;
const silent = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

describe(stopKafkaJsIdleLoop.name, () => {
  const queues: Queue[] = [];
  const queue = () => {
    stopKafkaJsIdleLoop();
    const created = new RequestQueue({ maxInFlightRequests: 1, requestTimeout: 1_000, logger: silent });
    queues.push(created);
    return created;
  };

  afterEach(() => {
    for (const created of queues.splice(0)) clearTimeout(created.throttleCheckTimeoutId ?? undefined);
  });

  it('arms no timer when nothing waits and the broker does not throttle', () => {
    const idle = queue();

    idle.checkPendingRequests();

    expect(idle.throttleCheckTimeoutId).toBeNull();
  });

  it('still checks again later while requests wait or the broker throttles', () => {
    const waiting = queue();
    waiting.inflight.set(1, {}); // as many in flight as allowed: the next one waits
    waiting.pending.push({});
    const throttled = queue();
    throttled.throttledUntil = Date.now() + 60_000;

    stopKafkaJsIdleLoop(); // applying it twice changes nothing
    waiting.checkPendingRequests();
    throttled.checkPendingRequests();

    expect(waiting.throttleCheckTimeoutId).not.toBeNull();
    expect(throttled.throttleCheckTimeoutId).not.toBeNull();
  });
});
