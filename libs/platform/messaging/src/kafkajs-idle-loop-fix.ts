import { createRequire } from 'node:module';

interface RequestQueue {
  readonly pending: readonly unknown[];
  readonly throttledUntil: number;
  scheduleCheckPendingRequests(): void;
}

// kafkajs 2.2.4 (its last release) re-arms a timer after every check of a connection's request
// queue, even with nothing queued and no broker throttling; the delay is then negative, so every
// open connection spins a 1 ms timer for as long as it lives (kafkajs issue #1556). Measured here:
// about 45 ms of CPU per second in each idle service, a third of it this loop. The queue is
// checked again anyway whenever a request is queued or an in-flight one completes, so the timer is
// only needed while requests wait or the broker throttles: this skips it otherwise. Applied once,
// to the copy of kafkajs this package resolves.
export function stopKafkaJsIdleLoop(): void {
  const require = createRequire(import.meta.url);
  const { prototype } = require('kafkajs/src/network/requestQueue/index.js') as {
    prototype: RequestQueue & { idleLoopStopped?: true };
  };
  if (prototype.idleLoopStopped) return;
  const schedule = prototype.scheduleCheckPendingRequests;
  prototype.scheduleCheckPendingRequests = function (this: RequestQueue) {
    if (this.pending.length === 0 && this.throttledUntil <= Date.now()) return;
    schedule.call(this);
  };
  prototype.idleLoopStopped = true;
}
