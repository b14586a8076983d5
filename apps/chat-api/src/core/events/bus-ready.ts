import type { EventBus } from '@platform/messaging';
import { delay } from '@shared/util';

const BUS_READY_TIMEOUT_MS = 60_000;

// The messaging module connects the bus in its own bootstrap hook, which may run after the one
// of a feature that subscribes: such a feature waits for it.
export async function whenBusReady(bus: EventBus): Promise<void> {
  const deadline = Date.now() + BUS_READY_TIMEOUT_MS;
  while (!(await bus.isReady())) {
    if (Date.now() > deadline) throw new Error('The event bus did not become ready');
    await delay(50);
  }
}
