import { describe, expect, it } from '@jest/globals';
import { ExpiringCache, loadOnce, settledValue } from './expiring-cache.js';

describe(loadOnce.name, () => {
  it('makes one load for the callers that arrive while it runs, and reuses it until it expires', async () => {
    const cache = new ExpiringCache<Promise<string>>(10);
    let loads = 0;
    const load = async () => `value-${++loads}`;

    const burst = await Promise.all([1, 2, 3].map(() => loadOnce(cache, 'key', 1_000, 500, load)));
    expect(burst).toEqual(['value-1', 'value-1', 'value-1']);
    expect(await loadOnce(cache, 'key', 1_499, 500, load)).toBe('value-1');
    expect(await loadOnce(cache, 'key', 1_500, 500, load)).toBe('value-2');
  });

  it('forgets a failed load, so the next caller tries again', async () => {
    const cache = new ExpiringCache<Promise<string>>(10);
    const failed = loadOnce(cache, 'key', 1_000, 500, () => Promise.reject(new Error('database down')));
    await expect(failed).rejects.toThrow('database down');

    expect(await loadOnce(cache, 'key', 1_001, 500, async () => 'recovered')).toBe('recovered');
  });
});

describe(settledValue.name, () => {
  it('knows a load once it has fulfilled, null included, until its entry expires', async () => {
    const cache = new ExpiringCache<Promise<string | null>>(10);
    const loading = loadOnce(cache, 'key', 1_000, 500, async () => null);
    expect(settledValue(cache, 'key', 1_000)).toBeUndefined();

    await loading;
    expect(settledValue(cache, 'key', 1_499)).toEqual({ value: null });
    expect(settledValue(cache, 'key', 1_500)).toBeUndefined();
    expect(settledValue(cache, 'other', 1_000)).toBeUndefined();
  });

  it('knows nothing of a failed load', async () => {
    const cache = new ExpiringCache<Promise<string>>(10);
    const failed = loadOnce(cache, 'key', 1_000, 500, () => Promise.reject(new Error('database down')));
    await expect(failed).rejects.toThrow('database down');

    expect(settledValue(cache, 'key', 1_000)).toBeUndefined();
  });
});
