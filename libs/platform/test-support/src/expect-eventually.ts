export interface EventuallyOptions {
  readonly timeoutMs?: number;
  readonly intervalMs?: number;
}

// Retries an assertion until it passes or the time is up, then rethrows its last failure:
// waits exactly as long as the asynchronous outcome takes, never a fixed sleep.
export async function expectEventually<T>(
  assertion: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 20 }: EventuallyOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
