import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectEventually, startTestDatabase, type TestDatabase } from '@platform/test-support';
import { freeConsecutiveLoopbackPorts } from '@shared/util';
import { backendDefinitions } from '../../apps/all-apps.js';
import { payDepositTarget } from '../../sandbox/src/deposits/pay-deposit-target.js';
import type { DepositTarget } from '../../sandbox/src/deposits/sandbox-deposit.js';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));

// The README's "Run it like production", run as a reader would: its shell blocks, taken from the
// README itself, with each placeholder (`…`, `<…>`, `host:9092`) filled in, the sandbox started
// first as it says and sourced in the shell that migrates and starts the apps. Only what keeps
// this run apart from others on the machine is added: its ports, its database and its topic
// prefix (the README's KAFKA_TOPIC_PREFIX). Then one payout, end to end.
describe("the README's production section, followed literally", () => {
  const run = randomUUID().slice(0, 8);
  const opsKey = `ops-${randomBytes(24).toString('hex')}`;
  let database: TestDatabase;
  let workDir: string;
  let gatewayUrl: string;
  let shell: ChildProcess;
  let output = '';

  const call = async (method: string, path: string, headers: Record<string, string>, body?: object) => {
    const response = await fetch(`${gatewayUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  // A failure carries the end of what the README's shell printed: the apps' logs say why.
  const withShellOutput = (error: unknown): never => {
    throw new Error(`${String(error)}\n--- the README's shell printed:\n${output.slice(-12_000)}`);
  };

  beforeAll(async () => {
    const brokers = process.env['KAFKA_BROKERS'];
    if (!brokers) throw new Error('KAFKA_BROKERS is not set: eval "$(bash tools/infra/infra.sh env)"');
    database = await startTestDatabase();
    if (database.kind !== 'postgres')
      throw new Error('TEST_DATABASE_URL is not set: this suite needs PostgreSQL');
    workDir = await mkdtemp(join(tmpdir(), 'readme-production-'));
    // The gateway's port, then the backends' (the distributed launcher numbers them from a base).
    const gatewayPort = await freeConsecutiveLoopbackPorts(1 + backendDefinitions.length);
    gatewayUrl = `http://localhost:${gatewayPort}`;
    const envFile = join(workDir, 'sandbox.env');
    const fills: Record<string, string> = {
      DATABASE_URL: database.url,
      KAFKA_BROKERS: brokers,
      INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'),
      API_KEY_PEPPER: randomBytes(32).toString('hex'),
      OPS_API_KEY: opsKey,
      WALLET_JWT_SECRET: randomBytes(32).toString('hex'),
      KYC_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      KYC_STORAGE_DIR: join(workDir, 'kyc-documents'),
      CHAT_SECRET_KEY: randomBytes(32).toString('hex'),
      TRANSACTION_PII_KEY: randomBytes(32).toString('base64'),
      WEBHOOK_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      DEPOSIT_MASTER_SECRET: randomBytes(48).toString('base64'),
      // Replaced by the sandbox's when its file is sourced.
      DEPOSIT_ADDRESS_STELLAR: 'G-replaced-by-the-sandbox',
      DEPOSIT_ADDRESS_SOLANA: 'replaced-by-the-sandbox',
      DEPOSIT_ADDRESS_CELO: '0x-replaced-by-the-sandbox',
    };
    const [production, sandbox] = productionBlocks(await readFile(join(REPO, 'README.md'), 'utf8')).map(
      (block) =>
        fillPlaceholders(block, fills)
          .replaceAll('http://localhost:3000', gatewayUrl)
          .replaceAll('.data/sandbox.env', envFile),
    );
    const [exports, ...start] = commands(production!);
    const [startSandbox, sourceSandbox] = commands(sandbox!);
    const script = [
      'set -euo pipefail',
      exports,
      // This run's own ports and topics, beside whatever else uses the machine and the broker.
      `export PORT=${gatewayPort} BACKEND_BASE_PORT=${gatewayPort + 1}`,
      `export KAFKA_TOPIC_PREFIX=readme.${run}. SANDBOX_ENV_FILE=${envFile} SANDBOX_WEBHOOK_RECEIVER_PORT=0`,
      `${startSandbox} &`,
      `until [ -s ${envFile} ]; do sleep 0.2; done`,
      sourceSandbox,
      ...start,
    ].join('\n');
    shell = spawn('bash', ['-c', script], { cwd: REPO, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    shell.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    shell.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    shell.once('exit', (code) => (output += `\n[the README's shell exited with ${code}]`));
    // Every app booting on a shared machine, then the sandbox pointing the catalogue at itself.
    await expectEventually(
      async () => {
        expect(shell.exitCode).toBeNull();
        const ready = await fetch(`${gatewayUrl}/health/ready`).then(
          (response) => response.status,
          () => 0,
        );
        expect(ready).toBe(200);
        expect(output).toContain('now point at the sandbox');
      },
      { timeoutMs: 240_000, intervalMs: 1_000 },
    ).catch(withShellOutput);
  }, 300_000);

  afterAll(async () => {
    if (shell) {
      // The launcher drains and stops every app on SIGTERM, then exits; the sandbox stops with it.
      signalGroup(shell.pid!, 'SIGTERM');
      await expectEventually(() => expect(signalGroup(shell.pid!, 0)).toBe(false), { timeoutMs: 45_000 });
      // The apps run in process groups of their own: the launcher stopped them before it exited.
      const gatewayAnswers = await fetch(`${gatewayUrl}/health/live`).then(
        () => true,
        () => false,
      );
      expect(gatewayAnswers).toBe(false);
      shell.stdout!.destroy();
      shell.stderr!.destroy();
    }
    await database?.drop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  }, 60_000);

  it('completes a payout: partner, quote, transaction, a Stellar deposit, the Bre-B payout', async () => {
    const ops = { 'x-ops-api-key': opsKey };
    const created = await call('POST', '/ops/partners', ops, { name: 'README reader' });
    expect(created.status).toBe(201);
    const partner = { 'x-api-key': String(created.body['apiKey']) };
    const quote = await call('POST', '/quote', partner, {
      amount: 100000,
      crypto_currency: 'USDC',
      network: 'STELLAR',
      payment_method: 'BREB',
      target_currency: 'COP',
    });
    expect(quote.status).toBe(200);
    const accepted = await call('POST', '/transaction', partner, {
      quote_id: quote.body['quote_id'],
      user_id: 'readme-reader',
      account_number: '3001234567',
    });
    expect(accepted.status).toBe(200);
    const id = String(accepted.body['id']);
    const context = await call('GET', `/ops/transactions/${id}`, ops);
    await payDepositTarget(context.body['payment_context'] as DepositTarget);
    await expectEventually(
      async () =>
        expect((await call('GET', `/transaction/${id}`, partner)).body['status']).toBe('PAYMENT_COMPLETED'),
      { timeoutMs: 60_000, intervalMs: 500 },
    ).catch(withShellOutput);
  }, 120_000);
});

// Signals the README shell's process group; false once nothing of it is left.
function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

// The shell blocks of the README's "Run it like production" section, in order.
function productionBlocks(readme: string): string[] {
  const start = readme.indexOf('## Run it like production');
  const end = readme.indexOf('\n## ', start + 1);
  if (start < 0) throw new Error('README.md has no "Run it like production" section');
  const blocks = [...readme.slice(start, end).matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
  if (blocks.length !== 2)
    throw new Error(`expected the production and the sandbox blocks, found ${blocks.length}`);
  return blocks;
}

// One command per entry: continuation lines joined, comments dropped.
function commands(block: string): string[] {
  return block
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line.length > 0);
}

// Every `NAME=value` whose value is a placeholder gets the test's value; a placeholder the test
// has no value for fails the suite, so the README cannot grow a variable this run ignores.
function fillPlaceholders(block: string, fills: Record<string, string>): string {
  return block.replace(/\b([A-Z][A-Z0-9_]*)=(<[^>]*>|\S+)/g, (whole, name: string, value: string) => {
    const placeholder = value.includes('…') || value.startsWith('<') || value === 'host:9092';
    if (!placeholder) return whole;
    const fill = fills[name];
    if (fill === undefined) throw new Error(`the README's ${name}=${value} has no value in this suite`);
    return `${name}=${fill}`;
  });
}
