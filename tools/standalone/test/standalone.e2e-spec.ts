import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createLogger } from '@platform/logging';
import { startStandalone, type Standalone } from '../src/start-standalone.js';

const run = promisify(execFile);

// The product as a newcomer meets it: every app in one process on embedded PostgreSQL and the
// in-memory bus, the operator CLI against it, and a restart that keeps the data.
describe('standalone mode', () => {
  let dataDir: string;
  let system: Standalone | null = null;

  const start = () =>
    startStandalone({
      port: 0,
      dataDir,
      logLevel: 'silent',
      logger: createLogger({ service: 'standalone-test', level: 'silent' }),
      baseEnv: {},
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'standalone-'));
    // The CLI runs from the compiled output, as `npm run cli` does.
    await run('node', ['tools/build/build.mjs', '--quiet']);
    system = await start();
  });

  afterAll(async () => {
    await system?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts all seven apps, each ready with its database and the bus', async () => {
    expect(system!.services.map((service) => service.name).sort()).toEqual([
      'api-gateway',
      'chain-watchers',
      'chat-api',
      'kyc-service',
      'quote-service',
      'transaction-service',
      'webhook-dispatcher',
    ]);
    for (const service of system!.services) {
      const response = await fetch(`${service.url}/health/ready`);
      expect({ service: service.name, status: response.status }).toEqual({
        service: service.name,
        status: 200,
      });
    }
  });

  it('creates a partner with the CLI whose key then authenticates, and keeps it across a restart', async () => {
    const { stdout } = await run(
      'node',
      ['dist/tools/cli/src/main.js', 'partner', 'create', '--name', 'Newcomer', '--url', system!.gatewayUrl],
      {
        env: { ...process.env, DATA_DIR: dataDir },
      },
    );
    const created = JSON.parse(stdout.trim().split('\n').at(-1)!) as { partnerId: string; apiKey: string };
    const whoAmI = () => fetch(`${system!.gatewayUrl}/partner`, { headers: { 'X-API-Key': created.apiKey } });

    expect(await (await whoAmI()).json()).toEqual({ id: created.partnerId, name: 'Newcomer' });
    expect((await fetch(`${system!.gatewayUrl}/partner`)).status).toBe(401);

    await system!.stop();
    system = await start();

    expect((await whoAmI()).status).toBe(200);
  });
});
