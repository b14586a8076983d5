import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freeLoopbackPorts } from '@shared/util';

const run = promisify(execFile);

// `npm start` under chat load, as the process a newcomer runs: chat's database is its own (in a
// worker thread), so a long chat request leaves the payout apps answering; a kill in the middle
// of a big chat write leaves a data directory that starts again with its committed data; and
// the first SIGINT stops a busy standalone within 10 s.
describe('standalone under chat load, kill and signal', () => {
  let dataDir: string;
  let port: number;
  let standalone: ChildProcess | null = null;
  let opsApiKey: string;
  let partnerKey: string;
  let chatAuth: string;

  const gateway = () => `http://localhost:${port}`;

  const boot = async () => {
    const child = spawn('node', ['dist/tools/standalone/src/main.js'], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        SANDBOX_WEBHOOK_RECEIVER_PORT: String((await freeLoopbackPorts(1))[0]!),
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    standalone = child;
    let output = '';
    const ready = new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready in')) resolve();
      });
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`standalone exited (${code}) before Ready:\n${output}`)));
    });
    await ready;
  };

  const subscribe = (names: readonly string[]) =>
    fetch(`${gateway()}/api/v1/users/me/subscriptions`, {
      method: 'POST',
      headers: { authorization: chatAuth, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ subscriptions: JSON.stringify(names.map((name) => ({ name }))) }),
    });
  const channels = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  const quote = () =>
    fetch(`${gateway()}/quote`, {
      method: 'POST',
      headers: { 'X-API-Key': partnerKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        amount: 100,
        crypto_currency: 'USDC',
        network: 'SOLANA',
        payment_method: 'PIX',
        target_currency: 'BRL',
      }),
    });
  const timed = async (request: () => Promise<Response>) => {
    const started = performance.now();
    const response = await request();
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  };
  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : once(child, 'exit').then(() => undefined);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'standalone-resilience-'));
    port = (await freeLoopbackPorts(1))[0]!;
    await run('node', ['tools/build/build.mjs', '--quiet']);
    await boot();
    ({ opsApiKey } = JSON.parse(await readFile(join(dataDir, 'secrets.json'), 'utf8')) as {
      opsApiKey: string;
    });
    const partner = await run(
      'node',
      ['dist/tools/cli/src/main.js', 'partner', 'create', '--name', 'Busy', '--url', gateway()],
      {
        env: { ...process.env, DATA_DIR: dataDir },
      },
    );
    ({ apiKey: partnerKey } = JSON.parse(partner.stdout.trim().split('\n').at(-1)!) as { apiKey: string });
    const realm = await fetch(`${gateway()}/ops/chat/realms`, {
      method: 'POST',
      headers: { 'x-ops-api-key': opsApiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Load', ownerEmail: 'owner@example.com', ownerName: 'Owner' }),
    });
    const { owner } = (await realm.json()) as { owner: { email: string; apiKey: string } };
    chatAuth = `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}`;
  }, 300_000);

  afterAll(async () => {
    if (standalone) {
      standalone.kill('SIGKILL');
      await exited(standalone);
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers POST /quote and /health/ready within 1 s while chat subscribes to 1,000 new channels', async () => {
    expect((await timed(quote)).status).toBe(200);
    let chatDone = false;
    const chat = subscribe(channels('load', 1_000)).then(async (response) => {
      chatDone = true;
      return { status: response.status, body: await response.text() };
    });
    const payout: Array<{ status: number; ms: number }> = [];
    while (!chatDone) {
      payout.push(await timed(quote), await timed(() => fetch(`${gateway()}/health/ready`)));
    }
    const answered = await chat;

    expect(answered.status).toBe(200);
    expect(payout.length).toBeGreaterThan(2);
    expect(payout.filter((answer) => answer.status >= 300)).toEqual([]);
    process.stdout.write(
      `payout answers during chat load (ms): ${payout.map((a) => Math.round(a.ms)).join(' ')}\n`,
    );
    expect(Math.max(...payout.map((answer) => answer.ms))).toBeLessThan(1_000);
  });

  it('restarts on the data directory of a standalone killed in the middle of a big chat write', async () => {
    const inFlight = subscribe(channels('killed', 1_000)).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 700));
    standalone!.kill('SIGKILL');
    await exited(standalone!);
    await inFlight;

    await boot();

    const streams = await fetch(`${gateway()}/api/v1/streams`, { headers: { authorization: chatAuth } });
    const { streams: listed } = (await streams.json()) as { streams: Array<{ name: string }> };
    expect(listed.filter((stream) => stream.name.startsWith('load-'))).toHaveLength(1_000);
    expect((await fetch(`${gateway()}/health/ready`)).status).toBe(200);
    expect((await quote()).status).toBe(200);
  });

  it('stops within 10 s of the first SIGINT while chat is busy', async () => {
    const child = standalone!;
    void subscribe(channels('interrupted', 1_000)).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = performance.now();
    child.kill('SIGINT');
    await exited(child);

    expect(performance.now() - started).toBeLessThan(10_000);
    standalone = null;
  });
});
