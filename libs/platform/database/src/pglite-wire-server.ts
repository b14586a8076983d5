import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { PgliteWorker } from './pglite-worker.js';
import { readStartup, simpleQuery, type SessionBudgets } from './wire-messages.js';
import * as wire from './wire-messages.js';

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
// Messages after which the client waits for an answer: the end of an extended-protocol batch
// (Sync, Flush), a simple Query, or the end of the startup exchange (password, SASL).
const UNIT_ENDS = new Set(['S', 'H', 'Q', 'p']);
const TERMINATE = 'X';

interface Unit {
  readonly connection: Connection;
  readonly bytes: Buffer;
}

// Serves one PGlite database to several `pg` clients over TCP. PGlite has a single backend,
// so requests are run one at a time, and a unit of work is a client's whole batch up to its
// Sync: interleaving two clients' Parse/Bind/Execute would make them run each other's
// statements. While a client holds a transaction open, only that client's batches run.
//
// PGlite ignores statement_timeout and idle_in_transaction_session_timeout, and its one
// transaction holds every other client, so the server enforces the budgets each client sends in
// its startup packet: a transaction that has lasted longer than the statement timeout has its
// next batch refused as PostgreSQL cancels a statement (57014; the transaction is aborted until
// the client rolls back), and a client idle in a transaction beyond its idle timeout is
// disconnected (25P03) and its transaction rolled back. A statement already running in PGlite
// cannot be interrupted (WASM has no interrupt): bounded requests keep each one short, and the
// worker thread keeps it from blocking anything but this database.
export class PgliteWireServer {
  private readonly queue: Unit[] = [];
  private readonly connections = new Set<Connection>();
  private transactionOwner: Connection | null = null;
  private transactionStartedAt = 0;
  private transactionCancelled = false;
  private idleTimer: NodeJS.Timeout | null = null;
  private processing = false;
  private server: Server | null = null;

  constructor(
    private readonly db: PgliteWorker,
    private readonly maxConnections: number,
  ) {}

  async listen(host: string, port: number): Promise<number> {
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    return (server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    this.clearIdleTimer();
    for (const connection of this.connections) connection.socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  enqueue(unit: Unit): void {
    if (unit.connection === this.transactionOwner) this.clearIdleTimer();
    this.queue.push(unit);
    void this.process();
  }

  disconnected(connection: Connection): void {
    this.connections.delete(connection);
    for (let i = this.queue.length - 1; i >= 0; i -= 1) {
      if (this.queue[i]!.connection === connection) this.queue.splice(i, 1);
    }
    if (this.transactionOwner === connection) {
      // A client that vanished mid-transaction must not leave the only backend stuck in it: its
      // ROLLBACK goes first, before any other client's batch.
      this.clearIdleTimer();
      this.queue.unshift({ connection, bytes: simpleQuery('ROLLBACK') });
    }
    void this.process();
  }

  private accept(socket: Socket): void {
    if (this.connections.size >= this.maxConnections) {
      socket.end();
      return;
    }
    socket.setNoDelay(true);
    this.connections.add(new Connection(socket, this));
  }

  private async process(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      for (let unit = this.next(); unit; unit = this.next()) {
        const { connection, bytes } = unit;
        const startedAt = Date.now();
        if (this.overBudget(unit)) await this.cancelTransaction(connection);
        else {
          const outcome = await this.db.run(bytes, (data) => connection.write(data));
          if (outcome.failure !== undefined) connection.socket.destroy();
          this.track(outcome.inTransaction ? connection : null, startedAt);
        }
      }
    } catch {
      // The worker is gone (the database stopped): nobody can be answered any more.
      for (const connection of this.connections) connection.socket.destroy();
    } finally {
      this.processing = false;
    }
  }

  // Who holds the transaction now, since when, and the idle watch on them.
  private track(owner: Connection | null, startedAt: number): void {
    if (owner && owner !== this.transactionOwner) {
      this.transactionStartedAt = startedAt;
      this.transactionCancelled = false;
    }
    this.transactionOwner = owner;
    this.clearIdleTimer();
    const idleMs = owner?.budgets.idleInTransactionMs ?? 0;
    if (owner && idleMs > 0 && !this.queue.some((unit) => unit.connection === owner)) {
      this.idleTimer = setTimeout(
        () => owner.terminate('25P03', 'terminating connection due to idle-in-transaction timeout'),
        idleMs,
      );
    }
  }

  private overBudget({ connection, bytes }: Unit): boolean {
    const budgetMs = connection.budgets.statementMs;
    if (connection !== this.transactionOwner || this.transactionCancelled || budgetMs <= 0) return false;
    return Date.now() - this.transactionStartedAt > budgetMs && !wire.isRollback(bytes);
  }

  // Aborts the transaction in the backend (its statements now fail until the client rolls back,
  // as after any error) and answers the batch as PostgreSQL answers a cancelled statement.
  private async cancelTransaction(connection: Connection): Promise<void> {
    this.transactionCancelled = true;
    await this.db.run(simpleQuery(wire.ABORT_TRANSACTION), () => undefined);
    connection.write(wire.errorResponse('ERROR', '57014', 'canceling statement due to statement timeout'));
    connection.write(wire.READY_IN_FAILED_TRANSACTION);
  }

  private clearIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private next(): Unit | undefined {
    const owner = this.transactionOwner;
    const index = owner ? this.queue.findIndex((unit) => unit.connection === owner) : 0;
    return index < 0 ? undefined : this.queue.splice(index, 1)[0];
  }
}

class Connection {
  private buffer = Buffer.alloc(0);
  private pending: Buffer[] = [];
  private started = false;
  budgets: SessionBudgets = { statementMs: 0, idleInTransactionMs: 0 };

  constructor(
    readonly socket: Socket,
    private readonly server: PgliteWireServer,
  ) {
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.server.disconnected(this));
  }

  write(data: Uint8Array): void {
    if (this.socket.writable) this.socket.write(data);
  }

  // As PostgreSQL ends a session: a FATAL error, then the connection closes (the server rolls
  // its transaction back when it sees the close).
  terminate(code: string, message: string): void {
    this.write(wire.errorResponse('FATAL', code, message));
    this.socket.destroySoon();
  }

  private receive(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const message = this.started ? this.takeMessage() : this.takeStartup();
      if (!message) return;
    }
  }

  // Startup packets have no type byte: length, then a code.
  private takeStartup(): boolean {
    if (this.buffer.length < 8) return false;
    const length = this.buffer.readInt32BE(0);
    if (this.buffer.length < length) return false;
    const code = this.buffer.readInt32BE(4);
    const packet = this.buffer.subarray(0, length);
    this.buffer = this.buffer.subarray(length);
    if (code === SSL_REQUEST) this.write(Buffer.from('N'));
    else if (code !== CANCEL_REQUEST) {
      this.started = true;
      // The budgets are kept here and enforced by the server; PGlite gets the packet without
      // them (it does not apply them, and a startup packet naming them hung it).
      const startup = readStartup(packet);
      this.budgets = startup.budgets;
      this.server.enqueue({ connection: this, bytes: startup.packet });
    }
    return true;
  }

  private takeMessage(): boolean {
    if (this.buffer.length < 5) return false;
    const length = this.buffer.readInt32BE(1) + 1;
    if (this.buffer.length < length) return false;
    const type = String.fromCharCode(this.buffer[0]!);
    const message = Buffer.from(this.buffer.subarray(0, length));
    this.buffer = this.buffer.subarray(length);
    if (type === TERMINATE) {
      this.socket.end();
      return true;
    }
    this.pending.push(message);
    if (UNIT_ENDS.has(type)) {
      this.server.enqueue({ connection: this, bytes: Buffer.concat(this.pending) });
      this.pending = [];
    }
    return true;
  }
}
