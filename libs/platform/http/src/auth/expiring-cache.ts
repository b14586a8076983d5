// A bounded map whose entries expire: for hot-path results that are safe to reuse briefly.
// When full it starts over rather than tracking recency; the hot entries come back at once.
export class ExpiringCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(private readonly maxEntries: number) {}

  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: V, expiresAt: number): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, expiresAt });
  }

  clear(): void {
    this.entries.clear();
  }
}

// What each load of loadOnce fulfilled with, kept beside its promise for settledValue.
const fulfilled = new WeakMap<Promise<unknown>, { readonly value: unknown }>();

// The cached value of `key`, or `load`'s while none is: callers that arrive while it loads share
// its promise (one query for a burst, however many requests), and a failed load is forgotten at
// once so the next caller tries again.
export function loadOnce<V>(
  cache: ExpiringCache<Promise<V>>,
  key: string,
  now: number,
  ttlMs: number,
  load: () => Promise<V>,
): Promise<V> {
  const cached = cache.get(key, now);
  if (cached !== undefined) return cached;
  const loading = load();
  cache.set(key, loading, now + ttlMs);
  loading.then(
    (value) => fulfilled.set(loading, { value }),
    () => {
      if (cache.get(key, now) === loading) cache.set(key, loading, 0);
    },
  );
  return loading;
}

// What loadOnce's cached load of `key` fulfilled with, or undefined while there is none (absent,
// expired, still loading or failed). On Node 20 every promise runs the AsyncLocalStorage promise
// hooks, so a hot path takes a known value from here and awaits loadOnce only when it must.
export function settledValue<V>(
  cache: ExpiringCache<Promise<V>>,
  key: string,
  now: number,
): { readonly value: V } | undefined {
  const cached = cache.get(key, now);
  return cached && (fulfilled.get(cached) as { readonly value: V } | undefined);
}
