import { describe, expect, it } from '@jest/globals';
import { ShutdownDeadlineExceeded, withinDeadline } from './shutdown-deadline.js';

describe(withinDeadline.name, () => {
  it('ends with the work when it finishes in time', async () => {
    const sut = withinDeadline(() => Promise.resolve(), 1_000);
    await expect(sut()).resolves.toBeUndefined();
  });

  it('gives up on work that outlasts the deadline', async () => {
    const sut = withinDeadline(() => new Promise<void>(() => undefined), 20);
    await expect(sut()).rejects.toBeInstanceOf(ShutdownDeadlineExceeded);
  });
});
