// A minimal HTTP/1.1 keep-alive client for the load generator: one pre-serialised request sent
// over a pool of plain TCP connections, one request per connection at a time, answers parsed just
// enough to know their status and where they end (Content-Length or chunked). node:http spends
// ~3× more CPU per request, and on a 2-core machine the load generator's CPU is taken from the
// system under test.
import { connect } from 'node:net';

const HEAD_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

export class RawHttpClient {
  #idle = [];
  #waiting = [];
  #open = new Set();
  #connections = 0;

  // `headers` without Host and Content-Length (both added here).
  constructor({ url, method, headers, body, maxConnections }) {
    const target = new URL(url);
    this.host = target.hostname;
    this.port = Number(target.port || 80);
    this.maxConnections = maxConnections;
    const lines = [`${method} ${target.pathname}${target.search} HTTP/1.1`, `Host: ${target.host}`];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
    this.request = Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), Buffer.from(body)]);
  }

  // Resolves with the status code once the whole answer has arrived; rejects on a connection error
  // or when `timeoutMs` passes.
  send(timeoutMs) {
    return new Promise((resolve, reject) => {
      const job = { resolve, reject, timeoutMs };
      const connection = this.#idle.pop();
      if (connection) this.#start(connection, job);
      else if (this.#connections < this.maxConnections) this.#start(this.#connect(), job);
      else this.#waiting.push(job);
    });
  }

  // Open connections (in use or idle).
  get connections() {
    return this.#connections;
  }

  destroy(error = new Error('client destroyed')) {
    for (const job of this.#waiting.splice(0)) job.reject(error);
    for (const connection of this.#open) connection.socket.destroy(error);
  }

  #connect() {
    const socket = connect({ host: this.host, port: this.port, noDelay: true });
    const connection = { socket, job: null, buffer: null, timer: null };
    this.#connections += 1;
    this.#open.add(connection);
    socket.on('data', (chunk) => this.#receive(connection, chunk));
    const fail = (error) => {
      if (!this.#open.delete(connection)) return;
      this.#connections -= 1;
      this.#idle = this.#idle.filter((idle) => idle !== connection);
      if (connection.job) this.#finish(connection, null, error ?? new Error('connection closed'));
      // A request waiting for a free connection gets a new one in place of this.
      const next = this.#waiting.shift();
      if (next) this.#start(this.#connect(), next);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(null));
    return connection;
  }

  #start(connection, job) {
    connection.job = job;
    connection.buffer = null;
    connection.timer = setTimeout(() => connection.socket.destroy(new Error('timeout')), job.timeoutMs);
    connection.socket.write(this.request);
  }

  #receive(connection, chunk) {
    if (!connection.job) return; // nothing asked: ignore (the server closes idle connections)
    connection.buffer = connection.buffer ? Buffer.concat([connection.buffer, chunk]) : chunk;
    const answer = parseAnswer(connection.buffer);
    if (answer === null) return;
    if (answer.error) {
      connection.socket.destroy(answer.error);
      return;
    }
    this.#finish(connection, answer.status, null);
    if (answer.close) connection.socket.destroy();
    else this.#release(connection);
  }

  #finish(connection, status, error) {
    const { job } = connection;
    clearTimeout(connection.timer);
    connection.job = null;
    connection.buffer = null;
    if (error) job.reject(error);
    else job.resolve(status);
  }

  #release(connection) {
    const next = this.#waiting.shift();
    if (next) this.#start(connection, next);
    else this.#idle.push(connection);
  }
}

// The status of a complete answer in `buffer`, null while incomplete.
function parseAnswer(buffer) {
  const headEnd = buffer.indexOf(HEAD_END);
  if (headEnd < 0) return null;
  const head = buffer.toString('latin1', 0, headEnd);
  const status = Number(head.slice(9, 12));
  const headers = head.toLowerCase();
  const close = /\r\nconnection: *close/.test(headers);
  const length = /\r\ncontent-length: *(\d+)/.exec(headers);
  const bodyStart = headEnd + HEAD_END.length;
  if (length) {
    const end = bodyStart + Number(length[1]);
    if (buffer.length < end) return null;
    return buffer.length === end ? { status, close } : { error: new Error('unexpected bytes') };
  }
  if (!/\r\ntransfer-encoding: *chunked/.test(headers)) return { status, close: true };
  // Chunked: walk the chunks up to the last (size 0) one and its final CRLF.
  let at = bodyStart;
  for (;;) {
    const lineEnd = buffer.indexOf(CRLF, at);
    if (lineEnd < 0) return null;
    const size = parseInt(buffer.toString('latin1', at, lineEnd), 16);
    if (Number.isNaN(size)) return { error: new Error('bad chunk size') };
    at = lineEnd + 2 + size + 2;
    if (buffer.length < at) return null;
    if (size === 0) return { status, close };
  }
}
