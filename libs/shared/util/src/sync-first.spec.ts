import { describe, expect, it } from '@jest/globals';
import { syncFirst } from './sync-first.js';

function* doubled(first: unknown, second: unknown): Generator<unknown, number, unknown> {
  const a = (yield first) as number;
  const b = (yield second) as number;
  return 2 * (a + b);
}

describe(syncFirst.name, () => {
  it('answers without a promise when nothing yielded is one', () => {
    expect(syncFirst(doubled(1, 2))).toBe(6);
  });

  it('continues as a promise from the first yielded promise on', async () => {
    const answer = syncFirst(doubled(1, Promise.resolve(2)));
    expect(answer).toBeInstanceOf(Promise);
    await expect(answer).resolves.toBe(6);
    await expect(syncFirst(doubled(Promise.resolve(1), 2))).resolves.toBe(6);
  });

  it('throws a synchronous failure at once', () => {
    function* refused(): Generator<unknown, never, unknown> {
      yield 1;
      throw new Error('refused');
    }
    expect(() => syncFirst(refused())).toThrow('refused');
  });

  it('throws a rejection where it was yielded, so the generator may catch it', async () => {
    function* recovering(): Generator<unknown, string, unknown> {
      try {
        yield Promise.reject(new Error('lost'));
        return 'not reached';
      } catch (error) {
        const later = (yield Promise.resolve('after')) as string;
        return `${(error as Error).message}, then ${later}`;
      }
    }
    await expect(syncFirst(recovering())).resolves.toBe('lost, then after');
  });

  it('rejects with a failure thrown after a promise', async () => {
    function* failing(): Generator<unknown, never, unknown> {
      yield Promise.resolve(1);
      throw new Error('late');
    }
    await expect(syncFirst(failing())).rejects.toThrow('late');
  });
});
