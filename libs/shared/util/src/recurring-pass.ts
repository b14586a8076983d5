// Runs a background pass every `intervalMs`, and at once when kicked (after a commit that made
// work due), never two side by side: a kick during a pass runs exactly one more pass after it,
// so a wake-up is never lost and kicks never pile up. stop() ends the schedule and waits for
// the pass under way; a pass that loops can check `stopped` between items.
export class RecurringPass {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private isStopped = false;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  get stopped(): boolean {
    return this.isStopped;
  }

  start(intervalMs: number, { runNow }: { readonly runNow: boolean }): void {
    this.timer = setInterval(() => this.kick(), intervalMs);
    // The app's server keeps the process alive, not its background work.
    this.timer.unref();
    if (runNow) this.kick();
  }

  kick(): void {
    if (this.isStopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch((error: unknown) => this.onError(error))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
