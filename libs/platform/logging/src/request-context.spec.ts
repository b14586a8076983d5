import { describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { RequestContext } from './request-context.js';
import { bindToActiveContext } from './tracing/trace-context.js';

// Tracing is not started in this file: the ids need their storage whether or not it is.
describe('request context', () => {
  it('is absent outside any request', () => {
    expect(RequestContext.current()).toBeUndefined();
  });

  it('follows the work through awaits and timers, and ends with it', async () => {
    const values = { requestId: 'r-1', correlationId: 'c-1' };

    const seen = await RequestContext.run(values, async () => {
      await sleep(1);
      return new Promise((resolve) => setImmediate(() => resolve(RequestContext.current())));
    });

    expect(seen).toBe(values);
    expect(RequestContext.current()).toBeUndefined();
  });

  it('nests: the inner values while the inner work runs, the outer ones after', () => {
    const outer = { correlationId: 'outer' };
    const inner = { correlationId: 'inner' };

    const seen = RequestContext.run(outer, () => [
      RequestContext.run(inner, () => RequestContext.current()),
      RequestContext.current(),
    ]);

    expect(seen).toEqual([inner, outer]);
  });

  it('goes with a callback bound to the active context, run later elsewhere', () => {
    const values = { correlationId: 'bound' };
    const callback = RequestContext.run(values, () => bindToActiveContext(() => RequestContext.current()));

    expect(callback()).toBe(values);
  });
});
