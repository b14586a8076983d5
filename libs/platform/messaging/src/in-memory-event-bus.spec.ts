import { describe, expect, it } from '@jest/globals';
import { expectEventually } from '@platform/test-support';
import type { EventEnvelope } from './event-envelope.js';
import { InMemoryEventBus } from './in-memory-event-bus.js';

const event = (id: string, topic = 'demo.thing.happened.v1'): EventEnvelope => ({
  id,
  topic,
  key: 'k',
  payload: { id },
  occurredAt: '2026-01-01T00:00:00.000Z',
  correlationId: `c-${id}`,
});

async function connectedBus() {
  const sut = new InMemoryEventBus();
  await sut.connect();
  return sut;
}

describe(InMemoryEventBus.name, () => {
  it('delivers every event to every group, in order', async () => {
    const sut = await connectedBus();
    const seen: Record<string, string[]> = { a: [], b: [] };
    for (const group of ['a', 'b']) {
      await sut.subscribe({
        groupId: group,
        topics: ['demo.thing.happened.v1'],
        handle: async (e) => void seen[group]!.push(e.id),
      });
    }

    await sut.publish([event('1'), event('2'), event('3')]);

    await expectEventually(() => expect(seen).toEqual({ a: ['1', '2', '3'], b: ['1', '2', '3'] }));
  });

  it('gives a group that joins late the events published before it joined', async () => {
    const sut = await connectedBus();
    await sut.publish([event('early')]);
    const seen: string[] = [];

    await sut.subscribe({
      groupId: 'late',
      topics: ['demo.thing.happened.v1'],
      handle: async (e) => void seen.push(e.id),
    });

    await expectEventually(() => expect(seen).toEqual(['early']));
  });

  it('starts a group that asks for the latest events after what was already published', async () => {
    const sut = await connectedBus();
    await sut.publish([event('before')]);
    const seen: string[] = [];

    await sut.subscribe({
      groupId: 'fan-out',
      topics: ['demo.thing.happened.v1'],
      handle: async (e) => void seen.push(e.id),
      startFrom: 'latest',
    });
    await sut.publish([event('after')]);

    await expectEventually(() => expect(seen).toEqual(['after']));
  });

  it('redelivers an event whose handler failed, before any later event', async () => {
    const sut = await connectedBus();
    const seen: string[] = [];
    let failures = 0;
    await sut.subscribe({
      groupId: 'g',
      topics: ['demo.thing.happened.v1'],
      handle: async (e) => {
        if (e.id === '1' && failures++ === 0) throw new Error('transient');
        seen.push(e.id);
      },
    });

    await sut.publish([event('1'), event('2')]);

    await expectEventually(() => expect(seen).toEqual(['1', '2']));
    expect(failures).toBe(2);
  });

  it('refuses two subscriptions of one group to one topic in one process', async () => {
    const sut = await connectedBus();
    const subscription = { groupId: 'g', topics: ['demo.thing.happened.v1'], handle: async () => undefined };
    await sut.subscribe(subscription);

    await expect(sut.subscribe(subscription)).rejects.toThrow('already consumes');
  });

  it('is ready only while connected', async () => {
    const sut = await connectedBus();
    expect(await sut.isReady()).toBe(true);
    await sut.disconnect();
    expect(await sut.isReady()).toBe(false);
  });

  it("reports a durable group's lag (what it has not handled yet), and none for a group that starts at the latest offset", async () => {
    const sut = await connectedBus();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    await sut.subscribe({ groupId: 'slow', topics: ['demo.thing.happened.v1'], handle: () => gate });
    await sut.subscribe({
      groupId: 'live',
      topics: ['demo.thing.happened.v1'],
      startFrom: 'latest',
      handle: async () => undefined,
    });

    await sut.publish([event('1'), event('2'), event('3')]);

    expect(await sut.consumerLag()).toEqual([
      { groupId: 'slow', topic: 'demo.thing.happened.v1', partition: 0, lag: 3 },
    ]);
    open();
    await expectEventually(async () =>
      expect(await sut.consumerLag()).toEqual([
        { groupId: 'slow', topic: 'demo.thing.happened.v1', partition: 0, lag: 0 },
      ]),
    );
  });
});
