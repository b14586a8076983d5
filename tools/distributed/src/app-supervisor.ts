import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { Logger } from '@platform/logging';

export interface SupervisedApp {
  readonly name: string;
  readonly env: NodeJS.ProcessEnv;
}

export interface SupervisorOptions {
  readonly spawn: (app: SupervisedApp) => ChildProcess;
  readonly logger: Logger;
  // The first restart waits this long; each quick crash after it doubles the wait, up to the cap.
  readonly firstBackoffMs?: number;
  readonly maxBackoffMs?: number;
  // A run this long counts as healthy: the next crash waits the first backoff again.
  readonly healthyAfterMs?: number;
  // How long an app may drain after SIGTERM before it is killed.
  readonly stopTimeoutMs?: number;
}

interface Running {
  readonly app: SupervisedApp;
  child: ChildProcess;
  startedAt: number;
  backoffMs: number;
  restartTimer?: NodeJS.Timeout;
}

// Keeps every app of the distributed mode running, each on its own: an app that exits is logged
// and started again after a backoff that grows while it keeps crashing, so one broken app neither
// stops the others nor spins. Stopping sends SIGTERM to all, lets them drain, then kills stragglers.
export class AppSupervisor {
  private readonly running = new Map<string, Running>();
  private stopping = false;
  private readonly firstBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly healthyAfterMs: number;
  private readonly stopTimeoutMs: number;

  constructor(private readonly options: SupervisorOptions) {
    this.firstBackoffMs = options.firstBackoffMs ?? 1_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 30_000;
    this.healthyAfterMs = options.healthyAfterMs ?? 60_000;
    this.stopTimeoutMs = options.stopTimeoutMs ?? 30_000;
  }

  start(app: SupervisedApp): void {
    const entry: Running = {
      app,
      child: this.options.spawn(app),
      startedAt: Date.now(),
      backoffMs: this.firstBackoffMs,
    };
    this.running.set(app.name, entry);
    this.watch(entry);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const entries = [...this.running.values()];
    for (const entry of entries) clearTimeout(entry.restartTimer);
    const alive = entries.map((entry) => entry.child).filter(isAlive);
    for (const child of alive) child.kill('SIGTERM');
    const killer = setTimeout(() => {
      for (const child of alive.filter(isAlive)) child.kill('SIGKILL');
    }, this.stopTimeoutMs);
    await Promise.all(alive.map((child) => (isAlive(child) ? once(child, 'exit') : undefined)));
    clearTimeout(killer);
  }

  private watch(entry: Running): void {
    entry.child.once('exit', (code, signal) => {
      if (this.stopping) return;
      const ranMs = Date.now() - entry.startedAt;
      if (ranMs >= this.healthyAfterMs) entry.backoffMs = this.firstBackoffMs;
      const restartInMs = entry.backoffMs;
      entry.backoffMs = Math.min(entry.backoffMs * 2, this.maxBackoffMs);
      this.options.logger.error(
        { app: entry.app.name, code, signal, ranMs, restartInMs },
        'app exited; restarting it',
      );
      entry.restartTimer = setTimeout(() => {
        if (this.stopping) return;
        entry.child = this.options.spawn(entry.app);
        entry.startedAt = Date.now();
        this.watch(entry);
      }, restartInMs);
    });
  }
}

function isAlive(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}
