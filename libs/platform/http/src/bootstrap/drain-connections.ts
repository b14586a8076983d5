import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

const IDLE_SWEEP_MS = 50;

// Stops accepting connections and waits for the requests in flight to finish, closing each
// keep-alive connection as soon as it falls idle; after `drainMs` it cuts whatever is left.
// Runs before the app's modules shut down, so a request that is still answering keeps its
// database connection and its bus.
export async function drainConnections(server: Server, drainMs: number): Promise<void> {
  if (!server.listening) return;
  let closed = false;
  const done = new Promise<void>((resolve) =>
    server.close(() => {
      closed = true;
      resolve();
    }),
  );
  const deadline = Date.now() + drainMs;
  while (!closed && Date.now() < deadline) {
    server.closeIdleConnections();
    await Promise.race([done, sleep(IDLE_SWEEP_MS)]);
  }
  if (!closed) server.closeAllConnections();
  await done;
}
