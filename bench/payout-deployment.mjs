// The payout platform as the benches of deposits run it: every payout app and the gateway as its
// own process (`dist/apps/*/src/main.js`) on a fresh database of the real PostgreSQL and on
// Kafka (the distributed mode), the sandbox chains, rails and webhook receiver in the bench
// process. It accepts transactions through the gateway and pays them on the simulated chains at
// an even pace: Stellar through chain-watchers' stream, Solana and Celo through
// POST /payments/notify, in turn. bench:deposit and bench:payout-soak measure what follows.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import {
  adminQuery,
  benchDatabase,
  dropBenchDatabase,
  log,
  NO_RATE_LIMITS,
  ownDeploymentOnKafka,
  processTicks,
  ROOT,
  runCommand,
  nodeFlagsFor,
  secret,
  waitUntilReady,
} from './bench-kit.mjs';

export const HOST = '127.0.0.1';
export const APPS = [
  'quote-service',
  'transaction-service',
  'chain-watchers',
  'kyc-service',
  'webhook-dispatcher',
];
const UPSTREAM_VARIABLES = {
  'quote-service': 'QUOTE_SERVICE_URL',
  'transaction-service': 'TRANSACTION_SERVICE_URL',
  'chain-watchers': 'CHAIN_WATCHERS_URL',
  'kyc-service': 'KYC_SERVICE_URL',
  'webhook-dispatcher': 'WEBHOOK_DISPATCHER_URL',
};
// The order transactions take the chains in, one each in turn.
export const CHAINS = ['STELLAR', 'SOLANA', 'CELO'];
const ROUTES = {
  STELLAR: {
    crypto_currency: 'USDC',
    network: 'STELLAR',
    payment_method: 'BREB',
    target_currency: 'COP',
    amount: 100000,
  },
  SOLANA: {
    crypto_currency: 'USDC',
    network: 'SOLANA',
    payment_method: 'PIX',
    target_currency: 'BRL',
    amount: 100,
  },
  CELO: {
    crypto_currency: 'USDT',
    network: 'CELO',
    payment_method: 'PIX',
    target_currency: 'BRL',
    amount: 100,
  },
};
// Recipient keys the sandbox rails settle in time (rail-outcome.ts: not …0, …1 or …9).
const ACCOUNTS = { BREB: '3001234567', PIX: '52998224725' };
const NO_CAPS = {
  perTransaction: null,
  perUserDailyAmount: null,
  perUserDailyCount: null,
  perPaymentMethodDailyAmount: null,
};
const READY_TIMEOUT_MS = 90_000;

export const dist = (path) => import(pathToFileURL(`${ROOT}dist/${path}`).href);

// Runs `work(item, index)` over `items`, `limit` at a time, answering the results in order.
export async function inParallel(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index], index);
      }
    }),
  );
  return results;
}

// One run's deployment. `prefix` names its database (and its deployment on Kafka), the apps
// listen from `basePort` on (the gateway after them), each app's output goes to
// `<logDir>/<app>.log` when a logDir is given, and every app runs under `node --cpu-prof` writing
// into `cpuProfileDir` when one is given.
export function payoutDeployment({ prefix, basePort, logDir, cpuProfileDir }) {
  const { TEST_DATABASE_URL, KAFKA_BROKERS } = process.env;
  const { name: databaseName, url: databaseUrl } = benchDatabase(prefix, TEST_DATABASE_URL);
  const gatewayPort = basePort + APPS.length;
  const opsApiKey = secret();
  const children = new Map();
  let stopping = false;
  let databaseCreated = false;
  let sandbox = null;
  let failChild = null;
  // Rejects once any process of the run exits before cleanup: every wait races it.
  const childDeath = new Promise((_, reject) => (failChild = reject));
  childDeath.catch(() => undefined);
  const whileAlive = (work) => Promise.race([work, childDeath]);

  function launch(name, env, script = `dist/apps/${name}/src/main.js`) {
    const profile = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];
    const child = spawn(process.execPath, [...nodeFlagsFor(script), ...profile, script], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const tail = [];
    const keep = (chunk) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        tail.push(line.slice(0, 400));
        if (tail.length > 20) tail.shift();
      }
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    if (logDir) {
      const file = createWriteStream(`${logDir}/${name}.log`);
      child.stdout.pipe(file);
      child.stderr.pipe(file);
    }
    child.once('exit', (code, signal) => {
      if (!stopping)
        failChild(new Error(`${name} exited (${code ?? signal}). Last output:\n  ${tail.join('\n  ')}`));
    });
    children.set(name, child);
  }

  // The gateway answers 502 now and then when it reuses a keep-alive connection the upstream is
  // closing (see bench/README.md); such calls are sent again, with the same Idempotency-Key, and
  // counted (gatewayRetries).
  let gatewayRetries = 0;
  async function call(method, path, body, headers) {
    const idempotency = method === 'POST' ? { 'idempotency-key': randomBytes(12).toString('hex') } : {};
    for (let attempt = 1; ; attempt += 1) {
      const { status, text } = await gatewayRequest(method, path, body, { ...idempotency, ...headers });
      if (status === 502 && attempt < 3) {
        gatewayRetries += 1;
        continue;
      }
      if (status >= 300) throw new Error(`${method} ${path} answered ${status}: ${text}`);
      return text ? JSON.parse(text) : null;
    }
  }

  // On node:http over kept-alive connections: global fetch's web streams cost this process (the
  // load generator, measured beside the apps) several times as much CPU per call.
  const gatewayAgent = new Agent({ keepAlive: true, maxSockets: 64 });
  function gatewayRequest(method, path, body, headers) {
    const payload = body ? JSON.stringify(body) : undefined;
    return new Promise((resolve, reject) => {
      const outgoing = request(
        {
          host: HOST,
          port: gatewayPort,
          path,
          method,
          agent: gatewayAgent,
          headers: {
            'content-type': 'application/json',
            ...(payload ? { 'content-length': Buffer.byteLength(payload) } : {}),
            ...headers,
          },
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString() }),
          );
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }

  const ops = { 'x-ops-api-key': opsApiKey };
  let payDepositTarget = null;
  let pointedAt = null;

  return {
    databaseName,
    databaseUrl,
    gatewayPort,
    appPort: (app) => basePort + APPS.indexOf(app),
    get sandbox() {
      return sandbox;
    },
    get gatewayRetries() {
      return gatewayRetries;
    },
    launch,
    call,
    ops,
    whileAlive,

    // Builds, then creates and migrates the run's database.
    async prepare() {
      log('building (node tools/build/build.mjs --quiet)');
      await runCommand(process.execPath, ['tools/build/build.mjs', '--quiet']);
      // The apps' correction of kafkajs's idle timer loop, for this process's producers too.
      (await dist('libs/platform/messaging/src/kafkajs-idle-loop-fix.js')).stopKafkaJsIdleLoop();
      log(`creating and migrating database ${databaseName}`);
      await adminQuery(TEST_DATABASE_URL, `CREATE DATABASE "${databaseName}"`);
      databaseCreated = true;
      await runCommand(process.execPath, ['dist/tools/db/src/main.js', 'run'], {
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'warn',
      });
    },

    // Starts the sandbox with `customers` funded wallets per chain, then the payout apps and the
    // gateway pointed at it (not waited for: see ready()).
    async start({ customers }) {
      const { startSandbox } = await dist('tools/sandbox/src/start-sandbox.js');
      const { sandboxEnv } = await dist('tools/sandbox/src/deployment-env.js');
      ({ payDepositTarget } = await dist('tools/sandbox/src/deposits/pay-deposit-target.js'));
      sandbox = await startSandbox({ customers });
      const upstreams = Object.fromEntries(
        APPS.map((app, index) => [UPSTREAM_VARIABLES[app], `http://${HOST}:${basePort + index}`]),
      );
      const common = {
        ...upstreams,
        DATABASE_URL: databaseUrl,
        ...ownDeploymentOnKafka(KAFKA_BROKERS, databaseName),
        INTERNAL_AUTH_SECRET: secret(),
        LOG_LEVEL: 'warn',
        HOST,
      };
      const own = {
        'kyc-service': {
          KYC_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
          KYC_STORAGE_DIR: `/tmp/${databaseName}-kyc`,
        },
        'transaction-service': { TRANSACTION_PII_KEY: randomBytes(32).toString('base64') },
        // Every Solana and Celo transaction's own deposit address derives from it.
        'chain-watchers': { DEPOSIT_MASTER_SECRET: secret() },
        'webhook-dispatcher': {
          WEBHOOK_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
          WEBHOOK_ALLOWED_HOSTS: HOST,
        },
      };
      log('starting the payout apps and the gateway');
      APPS.forEach((app, index) =>
        launch(app, { ...common, ...own[app], ...sandboxEnv(sandbox, app), PORT: String(basePort + index) }),
      );
      launch('api-gateway', {
        ...common,
        ...NO_RATE_LIMITS,
        CHAT_API_URL: 'http://127.0.0.1:9',
        API_KEY_PEPPER: secret(),
        OPS_API_KEY: opsApiKey,
        WALLET_JWT_SECRET: secret(),
        PORT: String(gatewayPort),
      });
    },

    // Waits until the apps, the gateway and the `others` ({ name: port }) the caller launched
    // answer their readiness probes, points the catalogue at the sandbox and opens a partner
    // whose webhooks go to the sandbox receiver at `hookPath`: its headers for the gateway.
    async ready(hookPath, others = {}) {
      const ports = {
        ...Object.fromEntries(APPS.map((app) => [app, this.appPort(app)])),
        'api-gateway': gatewayPort,
      };
      await whileAlive(
        Promise.all(
          Object.entries({ ...ports, ...others }).map(([name, port]) =>
            waitUntilReady(name, `http://${HOST}:${port}`, READY_TIMEOUT_MS, childDeath),
          ),
        ),
      );
      const { pointAtSandbox } = await dist('tools/sandbox/src/deployment-env.js');
      await pointAtSandbox(`http://${HOST}:${gatewayPort}`, opsApiKey, sandbox);
      // The benches measure throughput, not the compliance caps (Bre-B's default daily cap is 250
      // of their transactions): every rail's caps are lifted in the run's own deployment.
      const { caps } = await call('GET', '/ops/corridors/caps', undefined, ops);
      for (const { paymentMethod, targetCurrency } of caps)
        await call('PUT', `/ops/corridors/caps/${paymentMethod}/${targetCurrency}`, NO_CAPS, ops);
      pointedAt = performance.now();
      const { apiKey } = await call('POST', '/ops/partners', { name: 'bench' }, ops);
      const partner = { 'x-api-key': apiKey };
      await call('PUT', '/webhooks/endpoint', { url: `${sandbox.webhookReceiver.url}${hookPath}` }, partner);
      return partner;
    },

    // Resolves once chain-watchers reads the catalogue ready() rotated to the sandbox's tokens:
    // its cache (10 s) has run out since.
    async catalogueRead() {
      const readBy = pointedAt + 11_000;
      if (readBy > performance.now()) await sleep(readBy - performance.now());
    },

    // Accepts `count` transactions (`concurrency` at a time), the chains in turn: each as
    // { id, chain, target } where target is where its deposit goes (the ops view's payment
    // context).
    acceptTransactions(partner, count, concurrency) {
      return whileAlive(
        inParallel(Array.from({ length: count }), concurrency, async (_, index) => {
          const chain = CHAINS[index % CHAINS.length];
          const route = ROUTES[chain];
          // Amounts differ by a whole unit, so the quoted crypto amounts differ too: two equal
          // Solana transfers under one blockhash would be one transaction, refused as already
          // processed.
          const quote = await call('POST', '/quote', { ...route, amount: route.amount + index }, partner);
          const accepted = await call(
            'POST',
            '/transaction',
            {
              quote_id: quote.quote_id,
              user_id: `bench-${index}`,
              account_number: ACCOUNTS[route.payment_method],
            },
            partner,
          );
          const view = await call('GET', `/ops/transactions/${accepted.id}`, undefined, ops);
          return { id: accepted.id, chain, target: view.payment_context };
        }),
      );
    },

    // Pays every transaction's deposit, the i-th due at start + i/rate. Each chain has
    // `customersPerChain` customer wallets, each sending one transfer at a time (Stellar sequence
    // numbers, EVM nonces): a wallet takes its chain's next deposit once it is due and it is free,
    // so when every wallet of a chain is busy deposits go late (`onDue` gets each one's lateness).
    // A chain that falls `limitMs` behind stops sending. Solana and Celo transfers are reported
    // through POST /payments/notify, the wallet's next transfer not waiting for the answer.
    // Hooks, each given the transaction with its `index`: onDue(t, lateMs) as its transfer
    // starts, onPaid(t, transferMs) once on chain, onNotified(t) as the notify goes out, and
    // onFailure(t, error) when the transfer or its notify failed. Resolves when every transfer
    // and notify is done.
    async payAtPace(
      transactions,
      { partner, rate, customersPerChain, limitMs, onDue, onPaid, onNotified, onFailure },
    ) {
      const start = performance.now();
      const notifies = [];
      await whileAlive(
        Promise.all(
          CHAINS.flatMap((chain) => {
            const queue = transactions.map((t, index) => ({ ...t, index })).filter((t) => t.chain === chain);
            return Array.from({ length: customersPerChain }, async (_, customer) => {
              for (let next = queue.shift(); next; next = queue.shift()) {
                if (performance.now() - start > limitMs) break;
                const due = start + (next.index * 1000) / rate;
                if (due > performance.now()) await sleep(due - performance.now());
                onDue?.(next, performance.now() - due);
                try {
                  const paying = performance.now();
                  const receipt = await payDepositTarget(next.target, { customer });
                  onPaid?.(next, performance.now() - paying);
                  if (chain === 'STELLAR') continue;
                  onNotified?.(next);
                  notifies.push(
                    call(
                      'POST',
                      '/payments/notify',
                      { blockchain: chain, on_chain_tx: receipt.onChainTx, transaction_id: next.id },
                      partner,
                    ).catch((error) => onFailure?.(next, error)),
                  );
                } catch (error) {
                  onFailure?.(next, error);
                }
              }
            });
          }),
        ),
      );
      await Promise.all(notifies);
    },

    // CPU clock ticks (utime + stime) of this process, under `ownName`, and of every child.
    processTicks(ownName) {
      const ticks = (pid) => processTicks(pid) ?? 0;
      return Object.fromEntries([
        [ownName, ticks(process.pid)],
        ...[...children].map(([name, child]) => [name, ticks(child.pid)]),
      ]);
    },

    // Stops every process (SIGKILL after 8 s), the sandbox, and drops the database. Once.
    cleanup: (() => {
      let cleaning = null;
      return () => {
        cleaning ??= (async () => {
          stopping = true;
          const running = [...children.values()].filter(
            (child) => child.exitCode === null && !child.signalCode,
          );
          for (const child of running) child.kill('SIGTERM');
          await Promise.race([
            Promise.all(running.map((child) => new Promise((resolve) => child.once('exit', resolve)))),
            sleep(8_000),
          ]);
          for (const child of running)
            if (child.exitCode === null && !child.signalCode) child.kill('SIGKILL');
          await sandbox?.close().catch(() => undefined);
          if (databaseCreated) await dropBenchDatabase(TEST_DATABASE_URL, databaseName);
        })();
        return cleaning;
      };
    })(),
  };
}
