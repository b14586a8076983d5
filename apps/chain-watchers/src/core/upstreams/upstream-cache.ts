// One upstream answer reused for `ttlMs`; concurrent callers share one request, and a failed
// refresh is not cached (the next caller asks again).
export class UpstreamCache<T> {
  private value: { at: number; data: T } | null = null;
  private pending: Promise<T> | null = null;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  // `fresh` skips the reuse: for a caller about to act on a "not ours" answer.
  async get(fresh = false): Promise<T> {
    if (!fresh && this.value && this.now() - this.value.at < this.ttlMs) return this.value.data;
    this.pending ??= this.load()
      .then((data) => {
        this.value = { at: this.now(), data };
        return data;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }
}
