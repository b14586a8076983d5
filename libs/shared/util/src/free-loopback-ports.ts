import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';

// Linux's default start of the range it picks outgoing connections' local ports from.
const DEFAULT_EPHEMERAL_LOW = 32_768;
// How far below that range ports are picked from, and never below the privileged ports.
const SPAN = 12_000;
const LOWEST = 1_024;
const ATTEMPTS_PER_PORT = 200;

// `count` distinct loopback ports that were free a moment ago, for processes started next that
// must know each other's ports before they listen. Picked below the kernel's ephemeral range: a
// port found by binding port 0 lies inside it, and between the probe closing and the process
// listening the kernel may give it to an outgoing connection (processes booting meanwhile open
// plenty), which fails that process with EADDRINUSE.
export async function freeLoopbackPorts(
  count: number,
  ephemeralLow = ephemeralRangeLow(),
): Promise<number[]> {
  const from = Math.max(LOWEST, ephemeralLow - SPAN);
  const held: Server[] = [];
  try {
    // Held open until all are found, so that no port is picked twice.
    for (let attempt = 0; held.length < count; attempt++) {
      if (attempt >= count * ATTEMPTS_PER_PORT)
        throw new Error(`no ${count} free loopback ports found in ${from}–${ephemeralLow - 1}`);
      const server = await listeningOn(from + Math.floor(Math.random() * (ephemeralLow - from)));
      if (server) held.push(server);
    }
    return held.map((server) => (server.address() as AddressInfo).port);
  } finally {
    await closeAll(held);
  }
}

// The first of `count` consecutive loopback ports that were free a moment ago, below the
// ephemeral range likewise: for a launcher that numbers its processes' ports from a base.
export async function freeConsecutiveLoopbackPorts(
  count: number,
  ephemeralLow = ephemeralRangeLow(),
): Promise<number> {
  const from = Math.max(LOWEST, ephemeralLow - SPAN);
  for (let attempt = 0; attempt < ATTEMPTS_PER_PORT; attempt++) {
    const base = from + Math.floor(Math.random() * (ephemeralLow - from - count + 1));
    const servers = await Promise.all(Array.from({ length: count }, (_, index) => listeningOn(base + index)));
    const held = servers.filter((server): server is Server => server !== null);
    await closeAll(held);
    if (held.length === count) return base;
  }
  throw new Error(`no ${count} consecutive free loopback ports found in ${from}–${ephemeralLow - 1}`);
}

function closeAll(servers: readonly Server[]): Promise<unknown> {
  return Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
}

// The server listening on `port`, or null when the port is taken.
function listeningOn(port: number): Promise<Server | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

function ephemeralRangeLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > LOWEST ? low : DEFAULT_EPHEMERAL_LOW;
  } catch {
    return DEFAULT_EPHEMERAL_LOW; // not Linux
  }
}
