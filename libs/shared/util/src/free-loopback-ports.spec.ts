import { describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:net';
import { freeConsecutiveLoopbackPorts, freeLoopbackPorts } from './free-loopback-ports.js';

describe('freeLoopbackPorts', () => {
  it('answers distinct ports below the ephemeral range that can be listened on', async () => {
    const ports = await freeLoopbackPorts(8, 20_000);

    expect(new Set(ports).size).toBe(8);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(8_000);
      expect(port).toBeLessThan(20_000);
    }
    const servers = await Promise.all(ports.map(listen));
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('answers the first of consecutive free ports below the ephemeral range', async () => {
    const base = await freeConsecutiveLoopbackPorts(6, 20_000);

    expect(base).toBeGreaterThanOrEqual(8_000);
    expect(base + 5).toBeLessThan(20_000);
    const servers = await Promise.all([0, 1, 2, 3, 4, 5].map((index) => listen(base + index)));
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });
});

function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
