// Deposits under load: every payout app as its own process on real PostgreSQL and Kafka (the
// distributed mode), the sandbox chains and rails in this process. N transactions are accepted
// up front, then paid on the simulated chains at an even pace, and each deposit is followed from
// its detection to PROCESSING_PAYMENT committed to the partner's first webhook about it. Prints
// figures and PASS/MISS against the target; it is a measurement, not a test.
//
//   eval "$(bash tools/infra/infra.sh env)"
//   npm run bench:deposit
//
// See bench/README.md for what is measured and how to read it.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { Kafka, Partitioners, logLevel } from 'kafkajs';
import pg from 'pg';
import {
  adminQuery as adminQueryOn,
  benchDatabase,
  CLK_TCK,
  dropBenchDatabase,
  log,
  machineTicks,
  ownDeploymentOnKafka,
  processTicks as ticksOf,
  quantile,
  realInfrastructure,
  ROOT,
  runCommand,
  secret,
  stopOnSignals,
  waitUntilReady,
} from './bench-kit.mjs';

// ------------------------------------------------------------------ settings (fixed on purpose)

const HOST = '127.0.0.1';
const BASE_PORT = 3720;
const APPS = ['quote-service', 'transaction-service', 'chain-watchers', 'kyc-service', 'webhook-dispatcher'];
const UPSTREAM_VARIABLES = {
  'quote-service': 'QUOTE_SERVICE_URL',
  'transaction-service': 'TRANSACTION_SERVICE_URL',
  'chain-watchers': 'CHAIN_WATCHERS_URL',
  'kyc-service': 'KYC_SERVICE_URL',
  'webhook-dispatcher': 'WEBHOOK_DISPATCHER_URL',
};
const GATEWAY_PORT = BASE_PORT + APPS.length;
const BASELINE_PORT = GATEWAY_PORT + 1;
// bench/deposit-baseline.mjs consumes this topic (under the run's prefix); the bench feeds it.
const BASELINE_DETECTED_TOPIC = 'baseline.chain.deposit.detected.v1';
const BASELINE_HOOK = '/hooks/baseline';
const SYSTEM_HOOK = '/hooks/bench';
// Stellar through chain-watchers' stream, Solana and Celo through POST /payments/notify, in turn.
const CHAINS = ['STELLAR', 'SOLANA', 'CELO'];
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
const ACCOUNTS = { BREB: '3001234567', PIX: '52998224725' };
// Deposits per second, all chains together, for the system and then for the baseline. The targets
// are judged at half the system's own maximum sustainable rate: a run at a rate the system cannot
// sustain prints its `sustained` rate; run again at half of it (BENCH_DEPOSIT_RATE).
const RATE = Number(process.env.BENCH_DEPOSIT_RATE ?? 20);
const SECONDS = 20;
const COUNT = RATE * SECONDS;
// Paid first, at the same rate, and left out of every figure: the first seconds of a fresh system
// (JIT, connections, prepared statements, Kafka metadata) are not its steady state.
const WARMUP_SECONDS = 5;
const WARMUP = RATE * WARMUP_SECONDS;
const ACCEPT_CONCURRENCY = 16;
// Customer wallets per chain (the sandbox funds as many on each chain): a wallet sends one
// transfer at a time, and on a quiet machine a Celo transfer takes ~90 ms to be mined and seen
// (Stellar and Solana ~15 ms), so 34 a second per chain need 3 or more; 8 leave room for a tail.
const CUSTOMERS_PER_CHAIN = 8;
const GRACE_MS = 30_000;
const SEND_LIMIT_MS = 3 * (WARMUP_SECONDS + SECONDS) * 1000;
// Same-run targets: the project's processes' CPU per deposit and the detection → first webhook
// p99 at most this many times the baseline's; every Kafka hop's p50 at most this long.
const TARGET_RATIO = 2;
const TARGET_KAFKA_HOP_P50_MS = 20;
const READY_TIMEOUT_MS = 90_000;

// ------------------------------------------------------------------ preconditions

const { TEST_DATABASE_URL, KAFKA_BROKERS } = realInfrastructure('deposit');

// Optional: each app's output in <dir>/<app>.log and every deposit's timestamps in
// <dir>/deposits.json, to look into a run afterwards.
const LOG_DIR = process.env.BENCH_DEPOSIT_LOG_DIR;
if (LOG_DIR) mkdirSync(LOG_DIR, { recursive: true });
// Optional: every app runs under `node --cpu-prof` and writes a .cpuprofile there when stopped
// (read it with bench/cpu-profile-summary.mjs).
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF;

const OPS_API_KEY = secret();
const { name: databaseName, url: benchUrl } = benchDatabase('bench_deposit', TEST_DATABASE_URL);

// ------------------------------------------------------------------ processes and cleanup

const children = new Map();
let stopping = false;
let databaseCreated = false;
let sandbox = null;
let failChild = null;
const childDeath = new Promise((_, reject) => (failChild = reject));
childDeath.catch(() => undefined);

function launch(name, env, script = `dist/apps/${name}/src/main.js`) {
  const profile = CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, script], {
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
  if (LOG_DIR) {
    const file = createWriteStream(`${LOG_DIR}/${name}.log`);
    child.stdout.pipe(file);
    child.stderr.pipe(file);
  }
  child.once('exit', (code, signal) => {
    if (!stopping)
      failChild(new Error(`${name} exited (${code ?? signal}). Last output:\n  ${tail.join('\n  ')}`));
  });
  children.set(name, child);
}

const adminQuery = (sql) => adminQueryOn(TEST_DATABASE_URL, sql);

let cleaning = null;
function cleanup() {
  cleaning ??= (async () => {
    stopping = true;
    const running = [...children.values()].filter((child) => child.exitCode === null && !child.signalCode);
    for (const child of running) child.kill('SIGTERM');
    await Promise.race([
      Promise.all(running.map((child) => new Promise((resolve) => child.once('exit', resolve)))),
      sleep(8_000),
    ]);
    for (const child of running) if (child.exitCode === null && !child.signalCode) child.kill('SIGKILL');
    await sandbox?.close().catch(() => undefined);
    if (databaseCreated) await dropBenchDatabase(TEST_DATABASE_URL, databaseName);
  })();
  return cleaning;
}
stopOnSignals(cleanup);

// ------------------------------------------------------------------ helpers

const run = (args, env) => runCommand(process.execPath, args, env);

const waitReady = (name, port) =>
  waitUntilReady(name, `http://${HOST}:${port}`, READY_TIMEOUT_MS, childDeath);

// The gateway answers 502 now and then when it reuses a keep-alive connection the upstream is
// closing (see bench/README.md); such calls are sent again, with the same Idempotency-Key, and
// counted in the output.
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
        port: GATEWAY_PORT,
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

const dist = (path) => import(pathToFileURL(`${ROOT}dist/${path}`).href);

async function inParallel(items, limit, work) {
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

// CPU jiffies (utime + stime, /proc/<pid>/stat) of every child and of this process (the sandbox
// chains and the load generator), so the figures say who used the cores while sending.
function processTicks() {
  const ticks = (pid) => ticksOf(pid) ?? 0;
  return Object.fromEntries([
    [BENCH_PROCESS, ticks(process.pid)],
    ...[...children].map(([name, child]) => [name, ticks(child.pid)]),
  ]);
}

const ms = (value) => `${value.toFixed(1)} ms`;

// ------------------------------------------------------------------ the run

async function main() {
  log('building (node tools/build/build.mjs --quiet)');
  await run(['tools/build/build.mjs', '--quiet']);
  // The apps' correction of kafkajs's idle timer loop, for this process's producer too.
  (await dist('libs/platform/messaging/src/kafkajs-idle-loop-fix.js')).stopKafkaJsIdleLoop();
  log(`creating and migrating database ${databaseName}`);
  await adminQuery(`CREATE DATABASE "${databaseName}"`);
  databaseCreated = true;
  await run(['dist/tools/db/src/main.js', 'run'], { DATABASE_URL: benchUrl, LOG_LEVEL: 'warn' });
  await createBaselineTables();

  const { startSandbox } = await dist('tools/sandbox/src/start-sandbox.js');
  const { pointAtSandbox, sandboxEnv } = await dist('tools/sandbox/src/deployment-env.js');
  const { payDepositTarget } = await dist('tools/sandbox/src/deposits/pay-deposit-target.js');
  sandbox = await startSandbox({ customers: CUSTOMERS_PER_CHAIN });

  const upstreams = Object.fromEntries(
    APPS.map((app, index) => [UPSTREAM_VARIABLES[app], `http://${HOST}:${BASE_PORT + index}`]),
  );
  const common = {
    ...upstreams,
    DATABASE_URL: benchUrl,
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
    launch(app, { ...common, ...own[app], ...sandboxEnv(sandbox, app), PORT: String(BASE_PORT + index) }),
  );
  launch('api-gateway', {
    ...common,
    CHAT_API_URL: 'http://127.0.0.1:9',
    API_KEY_PEPPER: secret(),
    OPS_API_KEY,
    WALLET_JWT_SECRET: secret(),
    PORT: String(GATEWAY_PORT),
  });
  launch(
    'baseline',
    {
      DATABASE_URL: benchUrl,
      KAFKA_BROKERS,
      TOPIC_PREFIX: `${databaseName}.`,
      WEBHOOK_URL: `${sandbox.webhookReceiver.url}${BASELINE_HOOK}`,
      WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
      HOST,
      PORT: String(BASELINE_PORT),
    },
    'bench/deposit-baseline.mjs',
  );
  await Promise.race([
    Promise.all([...APPS, 'api-gateway', 'baseline'].map((app, index) => waitReady(app, BASE_PORT + index))),
    childDeath,
  ]);
  await pointAtSandbox(`http://${HOST}:${GATEWAY_PORT}`, OPS_API_KEY, sandbox);

  const { apiKey } = await call('POST', '/ops/partners', { name: 'bench' }, { 'x-ops-api-key': OPS_API_KEY });
  const partner = { 'x-api-key': apiKey };
  await call('PUT', '/webhooks/endpoint', { url: `${sandbox.webhookReceiver.url}${SYSTEM_HOOK}` }, partner);

  log(`accepting ${WARMUP + COUNT} transactions (${ACCEPT_CONCURRENCY} at a time)`);
  const transactions = await Promise.race([
    inParallel(Array.from({ length: WARMUP + COUNT }), ACCEPT_CONCURRENCY, async (_, index) => {
      const chain = CHAINS[index % CHAINS.length];
      const route = ROUTES[chain];
      // Amounts differ by a whole unit, so the quoted crypto amounts differ too: two equal Solana
      // transfers under one blockhash would be one transaction, refused as already processed.
      const quote = await call(
        'POST',
        '/quote',
        {
          ...route,
          amount: route.amount + index,
        },
        partner,
      );
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
      const ops = await call('GET', `/ops/transactions/${accepted.id}`, undefined, {
        'x-ops-api-key': OPS_API_KEY,
      });
      return { id: accepted.id, chain, target: ops.payment_context };
    }),
    childDeath,
  ]);
  // The baseline funds copies of the same transactions, still awaiting their deposit.
  await adminQueryOn(benchUrl, 'INSERT INTO baseline.transaction SELECT * FROM "transaction"."transaction"');
  // chain-watchers reads the rotated catalogue once its cache (10 s) runs out.
  await sleep(11_000);

  // Each customer wallet sends one transfer at a time (Stellar sequence numbers, EVM nonces), so
  // every chain has CUSTOMERS_PER_CHAIN of them: each takes the chain's next deposit once it is
  // due and it is free. A deposit is due at start + i/RATE; when every wallet of its chain is
  // busy it goes late, which shows in the send rate and the lateness printed.
  log(
    `depositing ${WARMUP} (warm-up) + ${COUNT} at ${RATE}/s (${WARMUP_SECONDS} + ${SECONDS} s), ${CUSTOMERS_PER_CHAIN} customer wallets per chain`,
  );
  const notified = new Map(); // transaction id → time the notify was sent (Solana, Celo)
  const measuredIds = new Set(transactions.slice(WARMUP).map(({ id }) => id));
  const loadBefore = loadavg()[0];
  const start = performance.now();
  // The measured deposits: from the first one's due time on.
  const measureStart = start + WARMUP_SECONDS * 1000;
  const startedAt = Date.now() + WARMUP_SECONDS * 1000;
  let ticksBefore = machineTicks();
  let processesBefore = processTicks();
  const sampleTicks = setTimeout(() => {
    ticksBefore = machineTicks();
    processesBefore = processTicks();
  }, WARMUP_SECONDS * 1000);
  let failed = 0;
  let sent = 0;
  let lastSent = measureStart;
  const lateness = [];
  const transferMs = Object.fromEntries(CHAINS.map((chain) => [chain, []]));
  const notifies = [];
  const fail = (id, error) => {
    if (measuredIds.has(id)) failed += 1;
    if (failed <= 3) log(`deposit for ${id} failed: ${error.message.split('\n')[0]}`);
  };
  await Promise.race([
    Promise.all(
      CHAINS.flatMap((chain) => {
        const queue = transactions.map((t, index) => ({ ...t, index })).filter((t) => t.chain === chain);
        return Array.from({ length: CUSTOMERS_PER_CHAIN }, async (_, customer) => {
          for (let next = queue.shift(); next; next = queue.shift()) {
            const { id, target, index } = next;
            // Bounded: a chain that falls this far behind its schedule stops sending.
            if (performance.now() - start > SEND_LIMIT_MS) break;
            const due = start + (index * 1000) / RATE;
            if (due > performance.now()) await sleep(due - performance.now());
            const measured = index >= WARMUP;
            if (measured) {
              lateness.push(performance.now() - due);
              sent += 1;
            }
            try {
              const paying = performance.now();
              const receipt = await payDepositTarget(target, { customer });
              if (measured) {
                lastSent = performance.now();
                transferMs[chain].push(lastSent - paying);
              }
              // The wallet reports the transfer; the wallet's next transfer does not wait for it.
              if (chain !== 'STELLAR') {
                notified.set(id, Date.now());
                notifies.push(
                  call(
                    'POST',
                    '/payments/notify',
                    { blockchain: chain, on_chain_tx: receipt.onChainTx, transaction_id: id },
                    partner,
                  ).catch((error) => fail(id, error)),
                );
              }
            } catch (error) {
              fail(id, error);
            }
          }
        });
      }),
    ),
    childDeath,
  ]);
  clearTimeout(sampleTicks);
  const sendSeconds = (lastSent - measureStart) / 1000;
  const ticksAfter = machineTicks();
  const processesAfter = processTicks();
  const busy = (ticksAfter.busy - ticksBefore.busy) / (ticksAfter.total - ticksBefore.total);
  // Jiffies of all cores together over the window → cores used on average.
  const cores = (jiffies) => (jiffies * cpus().length) / (ticksAfter.total - ticksBefore.total);
  const processCores = Object.entries(processesAfter).map(
    ([name, after]) => `${name} ${cores(after - processesBefore[name]).toFixed(2)}`,
  );
  const ownJiffies = Object.entries(processesAfter).reduce(
    (sum, [name, after]) => sum + after - processesBefore[name],
    0,
  );
  processCores.push(
    `elsewhere (PostgreSQL, Kafka, others) ${cores(ticksAfter.busy - ticksBefore.busy - ownJiffies).toFixed(2)}`,
  );
  lateness.sort((a, b) => a - b);
  await Promise.all(notifies);

  log('waiting for every PROCESSING_PAYMENT webhook');
  const firstWebhook = await firstWebhooks(SYSTEM_HOOK, measuredIds, sent - failed);
  const systemCpu = cpuMsPerDeposit(processesBefore, APP_NAMES, firstWebhook.size);

  const client = new pg.Client({ connectionString: benchUrl });
  await client.connect();
  // Each hop's timestamps, written by the apps themselves: chain-watchers' outbox row of the
  // detected deposit, transaction-service's inbox row for it, the journal's move, the
  // outbox row of the status change, webhook-dispatcher's inbox row and its first attempt.
  const { rows: everyRow } = await client.query(`
    SELECT t.id, s.detected_at, cw.published_at AS detection_published_at,
           ti.processed_at AS funding_consumed_at, j.occurred_at AS processing_at,
           tso.published_at AS status_published_at, wi.processed_at AS webhook_consumed_at,
           (SELECT min(a.started_at) FROM webhook_dispatcher.webhook_attempt a
             JOIN webhook_dispatcher.webhook_delivery wd ON wd.id = a.delivery_id
            WHERE wd.event_id = tso.event_id::text) AS attempted_at
      FROM "transaction"."transaction" t
      JOIN "transaction"."deposit" d ON d.transaction_id = t.id
      LEFT JOIN chain_watchers.seen_transfer s ON s.on_chain_tx = d.on_chain_tx AND s.transfer_index = d.transfer_index
      LEFT JOIN chain_watchers.outbox_message cw ON cw.topic = 'chain.deposit.detected.v1'
            AND cw.message_key = s.blockchain || ':' || s.on_chain_tx
      LEFT JOIN "transaction".inbox_message ti ON ti.event_id = cw.event_id::text
      JOIN "transaction"."transaction_journal" j ON j.transaction_id = t.id AND j.to_status = 'PROCESSING_PAYMENT'
      LEFT JOIN "transaction".outbox_message tso ON tso.topic = 'payout.transaction.status-changed.v1'
            AND tso.message_key = t.id::text AND tso.payload->>'status' = 'PROCESSING_PAYMENT'
      LEFT JOIN webhook_dispatcher.inbox_message wi ON wi.event_id = tso.event_id::text`);
  const rows = everyRow.filter((row) => measuredIds.has(row.id));
  if (LOG_DIR) {
    const dump = rows.map((row) => ({
      ...row,
      notified: notified.get(row.id),
      webhook: firstWebhook.get(row.id),
    }));
    writeFileSync(`${LOG_DIR}/deposits.json`, JSON.stringify(dump));
  }
  // Detection: the first the system heard of a transfer, chain-watchers' own detection (Stellar's
  // stream, or the watch of a Solana or Celo deposit address) or the wallet's notify, whichever came
  // first (a transfer the notify's verification found has its seen row stamped after the notify).
  const system = pipelineFigures(
    rows.map((row) => {
      const first = Math.min(row.detected_at?.getTime() ?? Infinity, notified.get(row.id) ?? Infinity);
      return {
        ...row,
        detected: Number.isFinite(first) ? first : undefined,
        webhook: firstWebhook.get(row.id),
      };
    }),
  );
  const lastWebhook = Math.max(...firstWebhook.values());
  const sustained = firstWebhook.size / ((lastWebhook - startedAt) / 1000);

  const baseline = await runBaseline(client, transactions);
  await client.end();

  const benchCores = cores(processesAfter[BENCH_PROCESS] - processesBefore[BENCH_PROCESS]);
  // A baseline that did not deliver every deposit is no yardstick: every ratio is then a MISS.
  const baselineWhole = baseline.delivered === baseline.measured;
  const verdict = (ok) =>
    ok && baselineWhole ? 'PASS' : baselineWhole ? 'MISS' : 'MISS (baseline incomplete)';
  const cpuRatio = systemCpu / baseline.cpu;
  const p99Ratio = system.toWebhook.p99 / baseline.toWebhook.p99;
  const allDelivered = firstWebhook.size === COUNT && baseline.delivered === baseline.measured;
  const kafkaHops = KAFKA_HOPS.map((name) => [name, system.hops[name].p50]);
  const tableRow = (name, a, b) => `  ${name.padEnd(52)} ${a.padStart(24)}   ${b.padStart(24)}`;
  const pair = (f) => (f.count ? `${ms(f.p50)} / ${ms(f.p99)} (${f.count})` : '—');
  const lines = [
    `machine: ${cpus().length} cores, ${(busy * 100).toFixed(0)}% busy while the system's deposits were sent (everything of this run included); load average ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after`,
    `machine speed: the baseline used ${ms(baseline.cpu)} of CPU per deposit`,
    `cores used while sending: ${processCores.join(', ')}`,
    `sandbox and sender (this process): ${((benchCores / cpus().length) * 100).toFixed(0)}% of the machine (${benchCores.toFixed(2)} cores)`,
    `deposits: ${COUNT} due at ${RATE}/s over ${SECONDS} s; ${sent} sent in ${sendSeconds.toFixed(1)} s (send rate achieved ${(sent / sendSeconds).toFixed(1)}/s), ${failed} failed to send`,
    `send lateness (start of a transfer − its due time): p50 ${ms(quantile(lateness, 0.5))}, p99 ${ms(quantile(lateness, 0.99))}, max ${ms(lateness.at(-1) ?? NaN)}`,
    `one transfer, sent to confirmed (p50 / p99): ${CHAINS.map((chain) => {
      const sorted = transferMs[chain].sort((a, b) => a - b);
      return `${chain} ${ms(quantile(sorted, 0.5))} / ${ms(quantile(sorted, 0.99))}`;
    }).join(', ')}`,
    `gateway 502s sent again: ${gatewayRetries}`,
    `system sustained ${sustained.toFixed(1)} deposits/s from the first due deposit to the last webhook (judge at half of the most it sustains)`,
    '',
    tableRow('p50 / p99 (count)', 'system', 'baseline'),
    tableRow('funded (PROCESSING_PAYMENT committed)', String(rows.length), String(baseline.funded)),
    tableRow(
      'first webhook received',
      `${firstWebhook.size} of ${COUNT}`,
      `${baseline.delivered} of ${baseline.measured}`,
    ),
    tableRow('CPU per deposit (apps / baseline process)', ms(systemCpu), ms(baseline.cpu)),
    tableRow(
      'detection → PROCESSING_PAYMENT committed',
      pair(system.toProcessing),
      pair(baseline.toProcessing),
    ),
    tableRow('detection → first webhook attempt', pair(system.toWebhook), pair(baseline.toWebhook)),
    ...Object.keys(system.hops).map((name) =>
      tableRow(name, pair(system.hops[name]), pair(baseline.hops[name])),
    ),
    '',
    `CPU per deposit ${cpuRatio.toFixed(2)}× the baseline's (target ≤ ${TARGET_RATIO}×): ${verdict(cpuRatio <= TARGET_RATIO)}`,
    `detection → first webhook p99 ${p99Ratio.toFixed(2)}× the baseline's (target ≤ ${TARGET_RATIO}×, every deposit delivered): ${verdict(p99Ratio <= TARGET_RATIO && allDelivered)}`,
    ...kafkaHops.map(
      ([name, p50]) =>
        `Kafka hop ${name.trim()} p50 ${ms(p50)} (target ≤ ${TARGET_KAFKA_HOP_P50_MS} ms): ${p50 <= TARGET_KAFKA_HOP_P50_MS ? 'PASS' : 'MISS'}`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

// ------------------------------------------------------------------ figures of one pipeline

const BENCH_PROCESS = 'bench (sandbox + sender)';
const APP_NAMES = [...APPS, 'api-gateway'];
const HOP = {
  // Zero when chain-watchers saw the transfer first; when the notify came first, the time until
  // chain-watchers verified it and recorded it as seen.
  seen: 'detection → chain-watchers recorded it',
  detectedPublished: '→ outbox published (chain-watchers)',
  fundingConsumed: '→ funding consumer got it (Kafka)',
  committed: '→ PROCESSING_PAYMENT committed (funding)',
  notified: 'notify sent → PROCESSING_PAYMENT committed',
  statusPublished: '→ status change published (outbox relay)',
  webhookConsumed: '→ webhook consumer got it (Kafka)',
  attempted: '→ first attempt started',
  received: '→ receiver got it',
};
const KAFKA_HOPS = [HOP.fundingConsumed, HOP.webhookConsumed];

const figuresOf = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), count: sorted.length };
};

// p50/p99 of detection → committed, → first webhook and of every hop, from each deposit's
// timestamps (epoch ms `detected`, `webhook`; Dates from the database; any may be missing).
function pipelineFigures(deposits) {
  const toProcessing = [];
  const toWebhook = [];
  const hops = Object.fromEntries(Object.values(HOP).map((name) => [name, []]));
  const time = (value) => (value instanceof Date ? value.getTime() : value);
  const hop = (name, from, to) => {
    if (from != null && to != null) hops[name].push(time(to) - time(from));
  };
  for (const d of deposits) {
    if (d.detected === undefined) continue;
    toProcessing.push(d.processing_at.getTime() - d.detected);
    if (d.webhook !== undefined) toWebhook.push(d.webhook - d.detected);
    if (d.funding_consumed_at) {
      hop(HOP.seen, d.detected, d.detected_at);
      hop(HOP.detectedPublished, d.detected_at, d.detection_published_at);
      hop(HOP.fundingConsumed, d.detection_published_at ?? d.detected, d.funding_consumed_at);
      hop(HOP.committed, d.funding_consumed_at, d.processing_at);
    } else hop(HOP.notified, d.detected, d.processing_at);
    hop(HOP.statusPublished, d.processing_at, d.status_published_at);
    hop(HOP.webhookConsumed, d.status_published_at, d.webhook_consumed_at);
    hop(HOP.attempted, d.webhook_consumed_at, d.attempted_at);
    hop(HOP.received, d.attempted_at, d.webhook);
  }
  return {
    toProcessing: figuresOf(toProcessing),
    toWebhook: figuresOf(toWebhook),
    hops: Object.fromEntries(Object.entries(hops).map(([name, values]) => [name, figuresOf(values)])),
  };
}

// Waits (GRACE_MS at most) until the receiver got a PROCESSING_PAYMENT webhook at `path` for
// `expected` of `ids`: when the first one for each arrived.
async function firstWebhooks(path, ids, expected) {
  const first = new Map();
  const deadline = Date.now() + GRACE_MS;
  while (Date.now() < deadline) {
    for (const request of sandbox.webhookReceiver.received()) {
      if (request.path !== path) continue;
      const body = JSON.parse(request.body);
      if (body.data?.status === 'PROCESSING_PAYMENT' && ids.has(body.data.id) && !first.has(body.data.id))
        first.set(body.data.id, Date.parse(request.receivedAt));
    }
    if (first.size >= expected) break;
    await sleep(500);
  }
  return first;
}

// CPU time of the named children since `before` (processTicks()), per deposit delivered.
function cpuMsPerDeposit(before, names, deposits) {
  const after = processTicks();
  const jiffies = names.reduce((sum, name) => sum + after[name] - before[name], 0);
  return (jiffies * 1000) / CLK_TCK / deposits;
}

// ------------------------------------------------------------------ the baseline

// The tables of the apps the baseline writes, created LIKE theirs (columns, defaults, indexes).
const BASELINE_TABLES = {
  transaction: '"transaction"."transaction"',
  deposit: '"transaction"."deposit"',
  transaction_journal: '"transaction"."transaction_journal"',
  outbox_message: '"transaction"."outbox_message"',
  inbox_message: '"transaction"."inbox_message"',
  webhook_delivery: 'webhook_dispatcher.webhook_delivery',
  webhook_attempt: 'webhook_dispatcher.webhook_attempt',
};

async function createBaselineTables() {
  await adminQueryOn(
    benchUrl,
    [
      'CREATE SCHEMA baseline',
      ...Object.entries(BASELINE_TABLES).map(
        ([table, like]) => `CREATE TABLE baseline.${table} (LIKE ${like} INCLUDING ALL)`,
      ),
      // Its own outbox positions, not transaction-service's sequence.
      'CREATE SEQUENCE baseline.outbox_message_position_seq',
      "ALTER TABLE baseline.outbox_message ALTER COLUMN position SET DEFAULT nextval('baseline.outbox_message_position_seq')",
    ].join(';\n'),
  );
}

// Feeds the baseline the transfers the system funded, as detected-deposit events at the same
// rate (warm-up first, left out of the figures), and reads its timestamps as for the system.
async function runBaseline(client, transactions) {
  const order = new Map(transactions.map(({ id }, index) => [id, index]));
  const { rows: deposits } = await client.query(
    `SELECT transaction_id, blockchain, on_chain_tx, transfer_index, crypto_currency, asset, deposit_address,
            sender, amount::text, memo, confirmed_at
       FROM "transaction"."deposit" WHERE outcome = 'FUNDED'`,
  );
  deposits.sort((a, b) => order.get(a.transaction_id) - order.get(b.transaction_id));
  const measured = new Set(
    deposits.filter((d) => order.get(d.transaction_id) >= WARMUP).map((d) => d.transaction_id),
  );
  log(`baseline: feeding it the ${deposits.length} funded transfers at ${RATE}/s`);
  const kafka = new Kafka({
    clientId: 'deposit-bench-feeder',
    brokers: KAFKA_BROKERS.split(','),
    logLevel: logLevel.WARN,
  });
  const producer = kafka.producer({
    maxInFlightRequests: 1,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();
  const detected = new Map();
  const sends = [];
  let before = null;
  const start = performance.now();
  for (const [position, d] of deposits.entries()) {
    const due = start + (position * 1000) / RATE;
    if (due > performance.now()) await sleep(due - performance.now());
    if (before === null && measured.has(d.transaction_id)) before = processTicks();
    const transfer = {
      blockchain: d.blockchain,
      onChainTx: d.on_chain_tx,
      transferIndex: d.transfer_index,
      cryptoCurrency: d.crypto_currency,
      asset: d.asset,
      depositAddress: d.deposit_address,
      sender: d.sender,
      amount: d.amount,
      memo: d.memo,
      // A Stellar stream finds the transaction by the memo; a notify names it.
      transactionId: d.blockchain === 'STELLAR' ? null : d.transaction_id,
      confirmedAt: d.confirmed_at.toISOString(),
    };
    detected.set(d.transaction_id, Date.now());
    sends.push(
      producer.send({
        topic: `${databaseName}.${BASELINE_DETECTED_TOPIC}`,
        acks: -1,
        messages: [
          {
            key: `${d.blockchain}:${d.on_chain_tx}`,
            value: JSON.stringify(transfer),
            headers: { 'event-id': d.transaction_id, 'occurred-at': new Date().toISOString() },
          },
        ],
      }),
    );
  }
  await Promise.all(sends);
  await producer.disconnect();
  const webhooks = await firstWebhooks(BASELINE_HOOK, measured, measured.size);
  const cpu = cpuMsPerDeposit(before, ['baseline'], webhooks.size);
  const { rows } = await client.query(`
    SELECT t.id, ti.processed_at AS funding_consumed_at, j.occurred_at AS processing_at,
           o.published_at AS status_published_at, wi.processed_at AS webhook_consumed_at,
           (SELECT min(a.started_at) FROM baseline.webhook_attempt a
             JOIN baseline.webhook_delivery wd ON wd.id = a.delivery_id
            WHERE wd.event_id = o.event_id::text) AS attempted_at
      FROM baseline.transaction t
      JOIN baseline.transaction_journal j ON j.transaction_id = t.id AND j.to_status = 'PROCESSING_PAYMENT'
      LEFT JOIN baseline.inbox_message ti ON ti.consumer = 'baseline-funding' AND ti.event_id = t.id::text
      LEFT JOIN baseline.outbox_message o ON o.message_key = t.id::text
      LEFT JOIN baseline.inbox_message wi ON wi.consumer = 'baseline-webhooks' AND wi.event_id = o.event_id::text`);
  const funded = rows.filter((row) => measured.has(row.id));
  return {
    measured: measured.size,
    funded: funded.length,
    delivered: webhooks.size,
    cpu,
    ...pipelineFigures(
      funded.map((row) => ({ ...row, detected: detected.get(row.id), webhook: webhooks.get(row.id) })),
    ),
  };
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  log(error.stack ?? String(error));
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
