// The standalone stops within this long of the first SIGINT/SIGTERM whatever is running: a
// request still in flight, or a database transaction, is abandoned (the embedded database
// recovers it on the next start) rather than keeping the process up.
export const SHUTDOWN_DEADLINE_MS = 8_000;

export class ShutdownDeadlineExceeded extends Error {
  constructor(readonly deadlineMs: number) {
    super(`shutdown did not finish within ${deadlineMs} ms; exiting anyway`);
  }
}

export function withinDeadline(
  work: () => Promise<void>,
  deadlineMs = SHUTDOWN_DEADLINE_MS,
): () => Promise<void> {
  return () => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ShutdownDeadlineExceeded(deadlineMs)), deadlineMs);
    });
    return Promise.race([work(), deadline]).finally(() => clearTimeout(timer));
  };
}
