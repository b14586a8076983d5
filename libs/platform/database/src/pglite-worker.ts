import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

// PGlite runs a statement synchronously (WASM) on the thread that calls it: on the main thread a
// 10 s statement froze every HTTP server, timer and signal handler of the process for 10 s. Each
// embedded database therefore runs in a worker thread of its own, and the main thread only
// passes protocol bytes to it. The worker's code is a string (run with `eval`) because it must
// be plain JavaScript both from the compiled output and under the test runner.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pgliteModule);
(async () => {
  const db = await PGlite.create(workerData.dataDir ? { dataDir: workerData.dataDir } : {});
  parentPort.on('message', async (request) => {
    if (request.close) {
      await db.close();
      parentPort.postMessage({ closed: true });
      return;
    }
    try {
      await db.execProtocolRawStream(request.bytes, {
        onRawData: (data) => parentPort.postMessage({ data: data.slice() }),
      });
      parentPort.postMessage({ done: true, inTransaction: db.isInTransaction() });
    } catch (error) {
      parentPort.postMessage({ failed: String(error), inTransaction: db.isInTransaction() });
    }
  });
  parentPort.postMessage({ ready: true });
})().catch((error) => parentPort.postMessage({ startFailed: String(error && error.stack || error) }));
`;

interface WorkerMessage {
  readonly ready?: true;
  readonly startFailed?: string;
  readonly data?: Uint8Array;
  readonly done?: true;
  readonly failed?: string;
  readonly inTransaction?: boolean;
  readonly closed?: true;
}

// How a batch ended: whether the backend is inside a transaction now, and PGlite's own failure
// (not an SQL error, which is in the answer) if it had one.
export interface BatchOutcome {
  readonly inTransaction: boolean;
  readonly failure?: string;
}

interface Running {
  readonly onData: (data: Uint8Array) => void;
  readonly resolve: (outcome: BatchOutcome) => void;
  readonly reject: (error: Error) => void;
}

export class PgliteWorker {
  // One request at a time: the caller (PgliteWireServer) serializes them.
  private running: Running | null = null;
  private closing: (() => void) | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: WorkerMessage) => this.receive(message));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', () => this.fail(new Error('the embedded database worker exited')));
  }

  // `dataDir` keeps the data between runs; in memory when absent.
  static async start(dataDir?: string): Promise<PgliteWorker> {
    const pgliteModule = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { pgliteModule, dataDir } });
    const started = await new Promise<WorkerMessage>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (!started.ready) {
      await worker.terminate();
      throw new Error(`embedded database did not start: ${started.startFailed ?? 'no answer'}`);
    }
    return new PgliteWorker(worker);
  }

  // Runs a batch of protocol messages, streaming the backend's answer to `onData`; rejects only
  // when the worker itself is gone.
  run(bytes: Uint8Array, onData: (data: Uint8Array) => void): Promise<BatchOutcome> {
    return new Promise((resolve, reject) => {
      this.running = { onData, resolve, reject };
      this.worker.postMessage({ bytes });
    });
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => (this.closing = resolve));
    this.worker.postMessage({ close: true });
    await closed;
    await this.worker.terminate();
  }

  private receive(message: WorkerMessage): void {
    if (message.closed) this.closing?.();
    const running = this.running;
    if (!running) return;
    if (message.data) running.onData(message.data);
    else if (message.done || message.failed !== undefined) {
      this.running = null;
      running.resolve({ inTransaction: message.inTransaction ?? false, failure: message.failed });
    }
  }

  private fail(error: Error): void {
    this.running?.reject(error);
    this.running = null;
    this.closing?.();
  }
}
