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

  async get(): Promise<T> {
    if (this.value && this.now() - this.value.at < this.ttlMs) return this.value.data;
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
