import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

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
export class PgliteWireServer {
  private readonly queue: Unit[] = [];
  private readonly connections = new Set<Connection>();
  private transactionOwner: Connection | null = null;
  private processing = false;
  private server: Server | null = null;

  constructor(
    private readonly db: PGlite,
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
    for (const connection of this.connections) connection.socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  enqueue(unit: Unit): void {
    this.queue.push(unit);
    void this.process();
  }

  async disconnected(connection: Connection): Promise<void> {
    this.connections.delete(connection);
    for (let i = this.queue.length - 1; i >= 0; i -= 1) {
      if (this.queue[i]!.connection === connection) this.queue.splice(i, 1);
    }
    if (this.transactionOwner === connection) {
      // A client that vanished mid-transaction must not leave the only backend stuck in it.
      await this.db.exec('ROLLBACK');
      this.transactionOwner = null;
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
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(new Uint8Array(bytes), {
              onRawData: (data) => connection.write(data),
            }),
          );
        } catch {
          connection.socket.destroy();
        }
        this.transactionOwner = this.db.isInTransaction() ? connection : null;
      }
    } finally {
      this.processing = false;
    }
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

  constructor(
    readonly socket: Socket,
    private readonly server: PgliteWireServer,
  ) {
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => void this.server.disconnected(this));
  }

  write(data: Uint8Array): void {
    if (this.socket.writable) this.socket.write(data);
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
      this.server.enqueue({ connection: this, bytes: Buffer.from(packet) });
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
