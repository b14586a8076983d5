// GET /transaction/{id} under load: api-gateway → transaction-service (separate processes, real
// PostgreSQL and Kafka) against bench/read-baseline-server.mjs (node:http + pg doing the API key
// check and the primary-key read), on one machine, in one run, and against the two-hop floor (the
// baseline's work split over bench/floor-proxy.mjs and a bare backend: the architecture's own
// floor). Max throughput alternates between the three, round after round; the median round (by
// the system's share of the floor's throughput) is judged against the floor. Prints figures and
// PASS/MISS; it is a measurement, not a test.
//
//   bash tools/infra/infra.sh up && eval "$(bash tools/infra/infra.sh env)"
//   npm run bench:read
import { randomBytes, randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import {
  adminQuery as adminQueryOn,
  benchDatabase,
  CLK_TCK,
  log,
  machineTicks,
  NO_RATE_LIMITS,
  ownDeploymentOnKafka,
  processTicks,
  ratioVerdict,
  realInfrastructure,
  runCommand,
  secret,
  spawnNode,
  verdict,
} from './bench-kit.mjs';

const HOST = '127.0.0.1';
const PORTS = { transaction: 3740, gateway: 3741, baseline: 3742, floorBackend: 3743, floorProxy: 3744 };
const UNUSED_UPSTREAM = 'http://127.0.0.1:9';
const ROUNDS = 3;
const ROUND_S = 10;
const CONNECTIONS = 50;
// Issue 33's targets, against the two-hop floor measured in the same run.
const TARGETS = { floorShare: 0.9, cpuPerRequest: 1.2, gatewayPerProxy: 1.2 };
const READY_TIMEOUT_MS = 60_000;

const { TEST_DATABASE_URL, KAFKA_BROKERS } = realInfrastructure('read');

const API_KEY_PEPPER = secret();
const OPS_API_KEY = secret();
const { name: databaseName, url: benchUrl } = benchDatabase('bench_read', TEST_DATABASE_URL);
// BENCH_CPU_PROF=<dir> runs the gateway, transaction-service and the floor's two processes under
// `node --cpu-prof`.
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;

const children = new Map();
let stopping = false;
let databaseCreated = false;

function launch(name, script, env, { profile = false } = {}) {
  const child = spawnNode(script, env, {
    cpuProfDir: profile ? CPU_PROF_DIR : undefined,
    onExit: (code, tail) => {
      if (!stopping) log(`${name} exited (${code}):\n  ${tail.join('\n  ')}`);
    },
  });
  children.set(name, child);
}

async function cleanup() {
  stopping = true;
  const running = [...children.values()].filter((child) => child.exitCode === null);
  for (const child of running) child.kill('SIGTERM');
  await Promise.race([
    Promise.all(running.map((child) => new Promise((resolve) => child.once('exit', resolve)))),
    sleep(8_000),
  ]);
  if (databaseCreated)
    await adminQueryOn(TEST_DATABASE_URL, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`).catch(
      (error) => log(error.message),
    );
}
process.on('SIGINT', () => void cleanup().finally(() => process.exit(130)));

async function waitReady(name, port) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (children.get(name)?.exitCode !== null) throw new Error(`${name} exited`);
    try {
      if ((await fetch(`http://${HOST}:${port}/health/ready`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${name} not ready on ${port}`);
}

const cannon = (url, headers) =>
  new Promise((resolve, reject) =>
    autocannon({ url, headers, connections: CONNECTIONS, duration: ROUND_S, timeout: 10 }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );

// Requests per second of one run and the CPU time its processes spent per request.
async function measure(url, headers, names) {
  const before = names.map((name) => processTicks(children.get(name).pid));
  const result = await cannon(url, headers);
  const requests = result.requests.total;
  const perProcess = names.map(
    (name, i) => ((processTicks(children.get(name).pid) - before[i]) * 1e6) / CLK_TCK / requests,
  );
  return {
    rps: result.requests.average,
    non2xx: result.non2xx + result.errors,
    cpuMicros: perProcess.reduce((sum, micros) => sum + micros, 0),
    perProcess,
  };
}

async function main() {
  const loadAtStart = loadavg()[0];
  log('building');
  await runCommand(process.execPath, ['tools/build/build.mjs', '--quiet']);
  log(`creating and migrating database ${databaseName}`);
  await adminQueryOn(TEST_DATABASE_URL, `CREATE DATABASE "${databaseName}"`);
  databaseCreated = true;
  await runCommand(process.execPath, ['dist/tools/db/src/main.js', 'run'], {
    DATABASE_URL: benchUrl,
    LOG_LEVEL: 'warn',
  });

  const common = {
    DATABASE_URL: benchUrl,
    ...ownDeploymentOnKafka(KAFKA_BROKERS, databaseName),
    INTERNAL_AUTH_SECRET: secret(),
    LOG_LEVEL: 'warn',
    HOST,
  };
  launch(
    'transaction-service',
    'dist/apps/transaction-service/src/main.js',
    {
      ...common,
      PORT: String(PORTS.transaction),
      TRANSACTION_PII_KEY: randomBytes(32).toString('base64'),
      QUOTE_SERVICE_URL: UNUSED_UPSTREAM,
      KYC_SERVICE_URL: UNUSED_UPSTREAM,
      CHAIN_WATCHERS_URL: UNUSED_UPSTREAM,
    },
    { profile: true },
  );
  launch(
    'api-gateway',
    'dist/apps/api-gateway/src/main.js',
    {
      ...common,
      ...NO_RATE_LIMITS,
      PORT: String(PORTS.gateway),
      TRANSACTION_SERVICE_URL: `http://${HOST}:${PORTS.transaction}`,
      QUOTE_SERVICE_URL: UNUSED_UPSTREAM,
      KYC_SERVICE_URL: UNUSED_UPSTREAM,
      WEBHOOK_DISPATCHER_URL: UNUSED_UPSTREAM,
      CHAT_API_URL: UNUSED_UPSTREAM,
      API_KEY_PEPPER,
      OPS_API_KEY,
      WALLET_JWT_SECRET: secret(),
    },
    { profile: true },
  );
  const bare = { DATABASE_URL: benchUrl, API_KEY_PEPPER, HOST };
  launch('baseline', 'bench/read-baseline-server.mjs', { ...bare, PORT: String(PORTS.baseline) });
  // The same bare work over two processes, as the system splits it: the two-hop floor.
  launch(
    'floor-backend',
    'bench/read-baseline-server.mjs',
    { ...bare, ROLE: 'backend', PORT: String(PORTS.floorBackend) },
    { profile: true },
  );
  launch(
    'floor-proxy',
    'bench/floor-proxy.mjs',
    { ...bare, UPSTREAM_PORT: String(PORTS.floorBackend), PORT: String(PORTS.floorProxy) },
    { profile: true },
  );
  await Promise.all(Object.entries(PORTS).map(([name, port]) => waitReady(nameOf(name), port)));

  const partner = await fetch(`http://${HOST}:${PORTS.gateway}/ops/partners`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ops-api-key': OPS_API_KEY },
    body: JSON.stringify({ name: 'bench' }),
  }).then((response) => response.json());
  const headers = { 'x-api-key': partner.apiKey };
  // One transaction of the partner's, written straight to its table (accepting one would need
  // the quote, KYC and chain services; the read does not).
  const id = randomUUID();
  await adminQueryOn(
    benchUrl,
    `INSERT INTO "transaction"."transaction" (id, partner_id, user_id, quote_id, status, reference, crypto_currency,
       blockchain, payment_method, target_currency, source_amount, target_amount, quote_expires_at, deposit_address,
       mint_address, decimals, event_sequence, created_at, status_changed_at)
     SELECT '${id}', partner_id, 'bench-user', gen_random_uuid(), 'AWAITING_PAYMENT', 'BENCHREF0001', 'USDC',
       'STELLAR', 'BREB', 'COP', 101.02, 400000, now() + interval '1 hour', 'GBENCHDEPOSITADDRESS', 'USDC:GBENCH', 7,
       1, now(), now()
     FROM "api_gateway"."api_key" LIMIT 1`,
  );
  const urls = {
    system: `http://${HOST}:${PORTS.gateway}/transaction/${id}`,
    baseline: `http://${HOST}:${PORTS.baseline}/transaction/${id}`,
    floor: `http://${HOST}:${PORTS.floorProxy}/transaction/${id}`,
  };
  const answers = await Promise.all(
    Object.values(urls).map((url) => fetch(url, { headers }).then(async (r) => [r.status, await r.json()])),
  );
  if (
    answers.some(([status]) => status !== 200) ||
    answers.some(([, body]) => JSON.stringify(body) !== JSON.stringify(answers[0][1]))
  )
    throw new Error(`the targets disagree: ${JSON.stringify(answers)}`);

  log(`warm-up: ${ROUND_S} s on each`);
  await cannon(urls.system, headers);
  await cannon(urls.baseline, headers);
  await cannon(urls.floor, headers);
  const machineBefore = machineTicks();
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    log(`round ${round} of ${ROUNDS}: ${ROUND_S} s on each, ${CONNECTIONS} connections`);
    const system = await measure(urls.system, headers, ['api-gateway', 'transaction-service']);
    const baseline = await measure(urls.baseline, headers, ['baseline']);
    const floor = await measure(urls.floor, headers, ['floor-proxy', 'floor-backend']);
    rounds.push({
      system,
      baseline,
      floor,
      share: system.rps / baseline.rps,
      floorShare: system.rps / floor.rps,
    });
  }
  const machineAfter = machineTicks();
  const median = [...rounds].sort((a, b) => a.floorShare - b.floorShare)[Math.floor(ROUNDS / 2)];
  const busy = (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total);
  const µs = (value) => `${Math.round(value)} µs`;
  const lines = [
    `GET /transaction/{id}: api-gateway → transaction-service vs node:http + pg (max throughput, ${CONNECTIONS} connections, ${ROUND_S} s per run)`,
    `  machine: ${cpus().length} cores, ${(busy * 100).toFixed(0)}% busy during the rounds; load average ${loadAtStart.toFixed(2)} at start, ${loadavg()[0].toFixed(2)} at end`,
    `  machine speed: the baseline used ${µs(median.baseline.cpuMicros)} of CPU per request`,
    ...rounds.map(
      ({ system, baseline, floor, share }, index) =>
        `  round ${index + 1}: system ${Math.round(system.rps)}/s (${µs(system.cpuMicros)} CPU/request, ${system.non2xx} non-2xx), baseline ${Math.round(baseline.rps)}/s (${µs(baseline.cpuMicros)}, ${baseline.non2xx} non-2xx), ${(share * 100).toFixed(0)}%; two-hop floor ${Math.round(floor.rps)}/s (${floor.non2xx} non-2xx)`,
    ),
    `  against the one-process baseline (the physical reference): throughput ${(median.share * 100).toFixed(0)}%, CPU per request ${(median.system.cpuMicros / median.baseline.cpuMicros).toFixed(2)}× (gateway ${µs(median.system.perProcess[0])} + transaction-service ${µs(median.system.perProcess[1])})`,
    `  two-hop floor (the baseline's work split over a bare proxy and a bare backend): ${Math.round(median.floor.rps)}/s, ${µs(median.floor.cpuMicros)} CPU/request (proxy ${µs(median.floor.perProcess[0])} + backend ${µs(median.floor.perProcess[1])}), ${((median.floor.rps / median.baseline.rps) * 100).toFixed(0)}% of the baseline's throughput`,
    'targets against the floor (median round)',
    verdict(
      `throughput ${(median.floorShare * 100).toFixed(0)}% of the floor's (target ≥ ${TARGETS.floorShare * 100}%)`,
      median.floorShare >= TARGETS.floorShare && median.system.non2xx === 0,
    ),
    ratioVerdict('CPU per request', median.system.cpuMicros, median.floor.cpuMicros, TARGETS.cpuPerRequest),
    ratioVerdict(
      `gateway alone (${µs(median.system.perProcess[0])} vs bare proxy ${µs(median.floor.perProcess[0])})`,
      median.system.perProcess[0],
      median.floor.perProcess[0],
      TARGETS.gatewayPerProxy,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

const nameOf = (port) =>
  ({
    transaction: 'transaction-service',
    gateway: 'api-gateway',
    baseline: 'baseline',
    floorBackend: 'floor-backend',
    floorProxy: 'floor-proxy',
  })[port];

main()
  .catch((error) => {
    process.exitCode = 1;
    log(error.stack ?? String(error));
  })
  .finally(() => cleanup());
