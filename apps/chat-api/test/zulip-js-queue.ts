import { expect } from '@jest/globals';
import { expectEventually } from '@platform/test-support';
import type { ZulipClient } from 'zulip-js';

export interface ZulipJsQueue {
  // What has reached the queue so far.
  events(): Promise<Array<Record<string, unknown>>>;
  // Waits until exactly `count` events have reached the queue and answers them.
  expect(count: number): Promise<Array<Record<string, unknown>>>;
}

// An event queue of the given types registered through zulip-js, as a client does. Register it
// BEFORE the action whose events are asserted: events are relayed after the response.
export async function zulipJsQueue(
  client: ZulipClient,
  eventTypes: readonly string[],
): Promise<ZulipJsQueue> {
  const registered = await client.queues.register({ event_types: eventTypes });
  const queueId = registered['queue_id'] as string;
  const events = async () =>
    (await client.events.retrieve({ queue_id: queueId, last_event_id: -1, dont_block: true }))[
      'events'
    ] as Array<Record<string, unknown>>;
  return {
    events,
    expect: (count: number) =>
      expectEventually(async () => {
        const seen = await events();
        expect(seen).toHaveLength(count);
        return seen;
      }),
  };
}
