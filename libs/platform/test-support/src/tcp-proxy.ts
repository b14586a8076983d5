import { once } from 'node:events';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { freeLoopbackPorts } from '@shared/util';

export interface TcpProxy {
  // The target's URL with host and port replaced by the proxy's.
  readonly url: string;
  // Cuts every open connection and refuses new ones, as a database that went away.
  cut(): Promise<void>;
  // Accepts connections again, on the same port.
  restore(): Promise<void>;
  close(): Promise<void>;
}

// A TCP relay in front of a server given by URL (a database), which a test can cut and restore
// to play an outage without touching the server other suites share.
export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  const relay = (client: Socket) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  };
  // Below the ephemeral range: restore() listens on this port again, and one from binding port 0
  // could meanwhile be the local port of some outgoing connection.
  const [port] = await freeLoopbackPorts(1);
  let server: Server = createServer(relay);
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const stopListening = async () => {
    for (const socket of sockets) socket.destroy();
    if (server.listening) await new Promise((resolve) => server.close(resolve));
  };
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    cut: stopListening,
    async restore() {
      if (server.listening) return;
      server = createServer(relay);
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
    close: stopListening,
  };
}
