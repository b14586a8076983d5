// Lets a polling loop sleep until its next poll or until `wake()`, whichever comes first. A wake
// that arrives while the loop is busy is remembered: the next sleep returns at once.
export class WakeSignal {
  private pending = false;
  private wakeUp: (() => void) | null = null;

  wake(): void {
    this.pending = true;
    this.wakeUp?.();
  }

  async sleep(milliseconds: number): Promise<void> {
    if (!this.pending) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, milliseconds);
        this.wakeUp = done;
        function done() {
          clearTimeout(timer);
          resolve();
        }
      });
    }
    this.wakeUp = null;
    this.pending = false;
  }
}
