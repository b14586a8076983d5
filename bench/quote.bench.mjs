// POST /quote under load: the distributed system (api-gateway → quote-service on real PostgreSQL
// and Kafka) against a bare node:http + pg baseline doing the same work and against the two-hop
// floor (that work split over a bare proxy and a bare backend), on one machine, in one run. Prints
// figures and PASS/MISS against the floor; it is a measurement, not a test.
//
//   bash tools/infra/infra.sh up && eval "$(bash tools/infra/infra.sh env)"
//   npm run bench:quote
//
// See bench/README.md for what is measured and how to read it.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  adminQuery as adminQueryOn,
  autovacuumsBetween,
  benchDatabase,
  CLK_TCK,
  dropBenchDatabase,
  holdAutovacuum,
  log,
  machineTicks,
  NO_RATE_LIMITS,
  ownDeploymentOnKafka,
  processTicks,
  ratioVerdict,
  realInfrastructure,
  ROOT,
  nodeFlagsFor,
  runCommand as run,
  secret,
  settleDatabase,
  stopOnSignals,
  verdict,
  waitUntilReady,
} from './bench-kit.mjs';
import { RawHttpClient } from './raw-http-client.mjs';

// ------------------------------------------------------------------ settings (fixed on purpose)

const HOST = '127.0.0.1';
const PORTS = { gateway: 3710, quote: 3711, baseline: 3712, floorBackend: 3713, floorProxy: 3714 };
const UNUSED_UPSTREAM = 'http://127.0.0.1:9';
const POOL_SIZE = 10; // quote-service's DATABASE_POOL_SIZE default; the baseline uses the same
const BODY = JSON.stringify({
  amount: 400000,
  crypto_currency: 'USDC',
  network: 'STELLAR',
  payment_method: 'BREB',
  target_currency: 'COP',
});
const WARMUP_S = 5;
// The paced run's rate: half the system's median max throughput, measured first (the target
// compares the two p99s at half of what the system can do, so that it is loaded but not queueing).
let pacedRate = NaN;
const FIXED_S = 20;
// The open-loop client opens connections as it needs them (a stalled target gets more requests
// in flight, as it would in production), up to this many.
const PACED_MAX_SOCKETS = 256;
const PACED_GRACE_MS = 15_000;
// Latency is also reported per window of this length, to tell a steady tail from a few stalls.
const WINDOW_MS = 100;
// Max throughput alternates between the targets, round after round: one run of each varies by
// several percent with what else the machine's scheduler did meanwhile, and the ratio of two
// runs side by side varies less than either. The ratio reported is the median round's.
const MAX_ROUNDS = 3;
const MAX_S = 10;
const MAX_CONNECTIONS = 50;
// Issue 33's targets, against the two-hop floor measured in the same run: throughput share, CPU
// per request (max throughput, apps only), the paced p99 against the floor's at the same rate,
// and the gateway's CPU per request against the bare proxy's.
const TARGETS = { floorShare: 0.85, cpuPerRequest: 1.35, p99: 2, gatewayPerProxy: 1.2 };
// A 100 ms window with a request slower than this is listed as slow.
const SLOW_WINDOW_MS = 25;
const READY_TIMEOUT_MS = 60_000;
// Cores busy outside the measured processes above which a run is flagged as disturbed (Kafka and
// PostgreSQL's background work stay well below this on an otherwise idle machine).
const NOISY_CORES = 0.4;

// ------------------------------------------------------------------ preconditions

const { TEST_DATABASE_URL, KAFKA_BROKERS } = realInfrastructure('quote');

// ------------------------------------------------------------------ process bookkeeping

const INTERNAL_AUTH_SECRET = secret();
const API_KEY_PEPPER = secret();
const OPS_API_KEY = secret();
const WALLET_JWT_SECRET = secret();

const { name: databaseName, url: benchUrl } = benchDatabase('bench_quote', TEST_DATABASE_URL);

const children = new Map(); // name → { child, tail: last output lines, lines: count }
let stopping = false;
let databaseCreated = false;
let childDied = null;
const childDeath = new Promise((_, reject) => (childDied = reject));
childDeath.catch(() => undefined);

// BENCH_CPU_PROF=<dir> runs the two apps and the floor's two processes under `node --cpu-prof`;
// the profiles land in <dir> when they stop (read them with bench/cpu-profile-summary.mjs).
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;

function launch(name, script, env, { profile = false } = {}) {
  const nodeArgs = profile && CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF_DIR] : [];
  const child = spawn(process.execPath, [...nodeFlagsFor(script), ...nodeArgs, script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const entry = { child, tail: [], lines: 0 };
  const keep = (chunk) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue;
      entry.lines += 1;
      entry.tail.push(line.length > 400 ? `${line.slice(0, 400)}…` : line);
      if (entry.tail.length > 30) entry.tail.shift();
    }
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.once('exit', (code, signal) => {
    if (stopping) return;
    childDied(
      new Error(
        `${name} exited (code ${code}, signal ${signal}). Its last output:\n  ${entry.tail.join('\n  ')}`,
      ),
    );
  });
  children.set(name, entry);
  return child;
}

async function stopChildren() {
  const running = [...children.values()].filter(({ child }) => child.exitCode === null && !child.signalCode);
  for (const { child } of running) child.kill('SIGTERM');
  await Promise.race([
    Promise.all(running.map(({ child }) => new Promise((resolve) => child.once('exit', resolve)))),
    sleep(8_000),
  ]);
  for (const { child } of running) if (child.exitCode === null && !child.signalCode) child.kill('SIGKILL');
}

const adminQuery = (sql) => adminQueryOn(TEST_DATABASE_URL, sql);

// Load in progress and the bench's own database connection, stopped first on the way out.
const loads = new Set();
let benchClient = null;

let signalled = 0;
let cleaning = null;
function cleanup() {
  cleaning ??= (async () => {
    stopping = true;
    for (const load of loads) load.stop();
    await benchClient?.end().catch(() => undefined);
    await stopChildren();
    if (databaseCreated) await dropBenchDatabase(TEST_DATABASE_URL, databaseName);
  })();
  return cleaning;
}

stopOnSignals((signal, code) => {
  log(`${signal}: stopping`);
  signalled = code;
  return cleanup();
});

// ------------------------------------------------------------------ helpers

const waitReady = (name, port) =>
  waitUntilReady(name, `http://${HOST}:${port}`, READY_TIMEOUT_MS, childDeath);

// Postgres backends serving the bench database, by application_name (the apps use their schema
// name: api_gateway, quote; the baseline says baseline). Only meaningful when Postgres runs on
// this machine (/proc readable); otherwise empty.
async function postgresBackends(client) {
  const { rows } = await client.query(
    'SELECT pid, application_name FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [databaseName],
  );
  return rows;
}

// CPU time of a process in microseconds, null when unreadable.
function cpuMicros(pid) {
  const ticks = processTicks(pid);
  return ticks === null ? null : (ticks * 1e6) / CLK_TCK;
}

async function cpuSnapshot(client, pids) {
  const snapshot = {
    at: performance.now(),
    machine: machineTicks(),
    self: process.cpuUsage(),
    procs: {},
    pg: {},
  };
  for (const [name, pid] of Object.entries(pids)) snapshot.procs[name] = cpuMicros(pid);
  for (const { pid, application_name: app } of await postgresBackends(client)) {
    const micros = cpuMicros(pid);
    if (micros !== null) snapshot.pg[pid] = { app, micros };
  }
  return snapshot;
}

function cpuDelta(before, after) {
  const procs = {};
  for (const name of Object.keys(before.procs)) {
    procs[name] =
      before.procs[name] === null || after.procs[name] === null
        ? null
        : after.procs[name] - before.procs[name];
  }
  // Backends that appeared during the window count whole (pools grow under load).
  const pg = {};
  for (const [pid, { app, micros }] of Object.entries(after.pg)) {
    pg[app] = (pg[app] ?? 0) + micros - (before.pg[pid]?.micros ?? 0);
  }
  const usage = process.cpuUsage(before.self);
  const self = usage.user + usage.system;
  const seconds = (after.at - before.at) / 1000;
  // What the machine spent that none of the above explains: Kafka, PostgreSQL's own background
  // work, the kernel, and anything else running on the machine (a noisy neighbour shows here).
  const busyMicros = ((after.machine.busy - before.machine.busy) * 1e6) / CLK_TCK;
  const known =
    Object.values(procs).reduce((sum, micros) => sum + (micros ?? 0), 0) +
    Object.values(pg).reduce((sum, micros) => sum + micros, 0) +
    self;
  return {
    procs,
    pg,
    self,
    machineBusy: (after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total),
    otherCores: (busyMicros - known) / (seconds * 1e6),
    seconds,
  };
}

function cannon(options) {
  return new Promise((resolve, reject) => {
    if (stopping) return reject(new Error('stopping'));
    const instance = autocannon({ method: 'POST', body: BODY, timeout: 10, ...options }, (error, result) => {
      loads.delete(instance);
      return error ? reject(error) : resolve(result);
    });
    loads.add(instance);
    childDeath.catch((error) => {
      instance.stop();
      reject(error);
    });
  });
}

// Open loop at an even pace: request i is due at start + i/rate and its latency is counted from
// then, not from when it went out, so queueing anywhere (including in this client) shows up and a
// stalled target is not let off with fewer requests (no coordinated omission). The client keeps
// its connections alive across calls, so the warm-up opens them.
async function paced({ http, rate, seconds }) {
  if (stopping) throw new Error('stopping');
  const total = rate * seconds;
  const interval = 1000 / rate;
  const samples = []; // [due offset ms, latency ms]
  let non2xx = 0;
  let errors = 0;
  let cutOff = false;
  const pending = [];
  // How late this process itself sent: a load generator held up (descheduled, collecting
  // garbage) makes every request due meanwhile look slow, whatever the target did.
  let latestSend = { late: 0, at: 0 };
  const start = performance.now() + 20;
  const fire = (due) =>
    http.send(10_000).then(
      (status) => {
        samples.push([due - start, performance.now() - due]);
        if (status < 200 || status >= 300) non2xx += 1;
      },
      () => {
        if (!cutOff) errors += 1;
      },
    );
  const load = { stop: () => http.destroy(new Error('stopped')) };
  loads.add(load);
  let sent = 0;
  while (sent < total && !stopping) {
    const now = performance.now();
    const due = start + sent * interval;
    if (now - due > latestSend.late) latestSend = { late: now - due, at: (due - start) / 1000 };
    while (sent < total && start + sent * interval <= now) pending.push(fire(start + sent++ * interval));
    await sleep(1);
  }
  // Bounded: whatever has not answered PACED_GRACE_MS after the last send is cut off and counted.
  const all = Promise.all(pending);
  if (await Promise.race([all.then(() => false), sleep(PACED_GRACE_MS).then(() => true)])) {
    cutOff = true;
    http.destroy(new Error('cut off'));
    await all;
  }
  loads.delete(load);
  const latencies = samples.map(([, latency]) => latency).sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] ?? NaN;
  const windows = new Map();
  for (const [due, latency] of samples) {
    const window = Math.floor(due / WINDOW_MS);
    windows.set(window, Math.max(windows.get(window) ?? 0, latency));
  }
  const windowMaxima = [...windows.values()];
  return {
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: latencies.at(-1) ?? NaN,
    non2xx,
    errors,
    cutOff: total - samples.length - errors,
    count: latencies.length,
    seconds,
    // How many windows had a request slower than the p99 target, and the slowest windows.
    slowWindows: windowMaxima.filter((latency) => latency > SLOW_WINDOW_MS).length,
    windows: windowMaxima.length,
    latestSend,
    worstWindows: [...windows]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([window, latency]) => ({ at: (window * WINDOW_MS) / 1000, latency })),
  };
}

async function postJson(url, body, headers) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // reported below
  }
  return { status: response.status, json, text };
}

// Which automatic vacuums and analyzes finished during a paced run, and when.
function autovacuumText(autovacuums) {
  if (autovacuums.length === 0) return 'nothing in the run';
  return autovacuums.map(({ table, kind, at }) => `${kind} of ${table} at ${at.toFixed(1)} s`).join(', ');
}

// ------------------------------------------------------------------ one target

async function measureLatency(target, client) {
  const { name, url, headers, pids } = target;
  const http = new RawHttpClient({
    url,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: BODY,
    maxConnections: PACED_MAX_SOCKETS,
  });
  try {
    await settleDatabase(client);
    log(`${name}: warm-up ${WARMUP_S} s at ${pacedRate}/s, evenly paced`);
    await Promise.race([paced({ http, rate: pacedRate, seconds: WARMUP_S }), childDeath]);

    log(`${name}: fixed rate ${pacedRate}/s for ${FIXED_S} s, evenly paced`);
    const before = await cpuSnapshot(client, pids);
    // paced() starts its schedule 20 ms after it is called.
    const fixedStart = new Date(Date.now() + 20);
    const fixed = await Promise.race([paced({ http, rate: pacedRate, seconds: FIXED_S }), childDeath]);
    const fixedCpu = cpuDelta(before, await cpuSnapshot(client, pids));
    const autovacuums = await autovacuumsBetween(client, fixedStart, new Date());
    return { name, pgApps: target.pgApps, fixed, fixedCpu, autovacuums };
  } finally {
    http.destroy();
  }
}

// Unmeasured, as bench:read's warm-up: without it the system's first round ran code the JIT had
// not yet optimised and came out lowest in most runs, by up to a third (with it, in two runs of
// nine on 7 December).
async function warmUpAtMax({ name, url, headers }) {
  log(`${name}: warm-up ${WARMUP_S} s at max throughput (${MAX_CONNECTIONS} connections)`);
  await cannon({
    url,
    headers: { 'content-type': 'application/json', ...headers },
    connections: MAX_CONNECTIONS,
    duration: WARMUP_S,
  });
}

async function measureMax(target, client, round) {
  const { name, url, headers, pids } = target;
  log(
    `${name}: max throughput, round ${round} of ${MAX_ROUNDS}, ${MAX_S} s (${MAX_CONNECTIONS} connections)`,
  );
  await settleDatabase(client);
  const before = await cpuSnapshot(client, pids);
  const max = await cannon({
    url,
    headers: { 'content-type': 'application/json', ...headers },
    connections: MAX_CONNECTIONS,
    duration: MAX_S,
  });
  return { max, maxCpu: cpuDelta(before, await cpuSnapshot(client, pids)) };
}

// The rounds' system/floor ratios, and the round whose ratio is the median: its runs stand for
// the max-throughput figures of the targets and the floor.
function medianRound(systemRuns, baselineRuns, floorRuns) {
  const rounds = systemRuns.map((system, index) => ({
    system,
    baseline: baselineRuns[index],
    floor: floorRuns[index],
    share: system.max.requests.average / baselineRuns[index].max.requests.average,
    floorShare: system.max.requests.average / floorRuns[index].max.requests.average,
  }));
  const median = [...rounds].sort((a, b) => a.floorShare - b.floorShare)[Math.floor(rounds.length / 2)];
  return { rounds, median };
}

// ------------------------------------------------------------------ report

const pad = (value, width) => String(value).padStart(width);
const padEnd = (value, width) => String(value).padEnd(width);
const ms = (value) =>
  Number.isFinite(value) ? `${value < 10 ? value.toFixed(1) : Math.round(value)} ms` : 'n/a';
const perRequest = (micros, requests) =>
  micros === null || micros === undefined || !requests ? 'n/a' : Math.round(micros / requests);

function report(system, baseline, floor, rounds, machine) {
  const lines = [];
  const out = (line = '') => lines.push(line);
  const maxCompleted = (result) => result.max['2xx'] + result.max.non2xx;
  const achieved = (result) => result.fixed.count / result.fixed.seconds;
  const cpuPerRequest = (result) =>
    Object.values(result.fixedCpu.procs).reduce((sum, micros) => sum + (micros ?? NaN), 0) /
    result.fixed.count;

  out();
  out('POST /quote benchmark');
  out(
    `machine: ${machine.cores} cores (${machine.model}), ${machine.memGb} GB, node ${process.version}, ` +
      `${os.type()} ${os.release()}, PostgreSQL ${machine.pgVersion}, CLK_TCK ${CLK_TCK}`,
  );
  out(
    `load: open loop evenly paced at ${pacedRate}/s for ${FIXED_S} s after a ${WARMUP_S} s warm-up (latency from ` +
      `the scheduled send time); max throughput: autocannon, ${MAX_CONNECTIONS} connections, ${MAX_S} s per ` +
      `target, alternating, ${MAX_ROUNDS} rounds after a ${WARMUP_S} s warm-up each (rps(max): the median round); ` +
      'the load generator runs on the same machine',
  );
  out();
  const header = [
    padEnd('target', 28),
    pad('rps(max)', 9),
    pad(`p50@${pacedRate}`, 9),
    pad(`p90@${pacedRate}`, 9),
    pad(`p99@${pacedRate}`, 9),
    pad(`max@${pacedRate}`, 9),
    pad('achieved', 9),
    pad('non-2xx', 8),
    pad('errors', 7),
    `  CPU µs/request @${pacedRate} (per process)`,
  ].join(' ');
  out(header);
  out('-'.repeat(header.length + 10));
  for (const result of [system, baseline, floor]) {
    const requests = result.fixed.count;
    const cpuText = Object.entries(result.fixedCpu.procs)
      .map(([name, micros]) => `${name === 'quote' ? 'quote-service' : name} ${perRequest(micros, requests)}`)
      .join(' + ');
    out(
      [
        padEnd(result.name, 28),
        pad(Math.round(result.max.requests.average), 9),
        pad(ms(result.fixed.p50), 9),
        pad(ms(result.fixed.p90), 9),
        pad(ms(result.fixed.p99), 9),
        pad(ms(result.fixed.max), 9),
        pad(`${achieved(result).toFixed(0)}/s`, 9),
        pad(result.fixed.non2xx + result.max.non2xx, 8),
        pad(result.fixed.errors + result.fixed.cutOff + result.max.errors + result.max.timeouts, 7),
        `  ${cpuText}`,
      ].join(' '),
    );
  }
  out();
  out(
    'non-2xx and errors: fixed-rate + max runs together (errors include requests cut off ' +
      `${PACED_GRACE_MS / 1000} s after the last send); "achieved": answers / s in the fixed run`,
  );
  for (const result of [system, baseline, floor]) {
    const { slowWindows, windows, worstWindows, latestSend } = result.fixed;
    out(
      `${result.name}: ${slowWindows} of ${windows} ${WINDOW_MS} ms windows had a request slower than ` +
        `${SLOW_WINDOW_MS} ms; slowest: ${worstWindows.map((w) => `${ms(w.latency)} at ${w.at.toFixed(1)} s`).join(', ')}; ` +
        `the load generator sent at most ${ms(latestSend.late)} late (at ${latestSend.at.toFixed(1)} s); ` +
        `autovacuum finished ${autovacuumText(result.autovacuums)}`,
    );
    if (achieved(result) < pacedRate * 0.95)
      out(
        `NOTE: ${result.name} could not keep up with ${pacedRate}/s (${achieved(result).toFixed(0)}/s): ` +
          'its latencies are those of a growing queue',
      );
  }
  out();

  out(
    `max throughput rounds (system / two-hop floor rps = share, and the baseline's rps): ${rounds
      .map(
        (round) =>
          `${Math.round(round.system.max.requests.average)} / ` +
          `${Math.round(round.floor.max.requests.average)} = ${(round.floorShare * 100).toFixed(0)}% ` +
          `(baseline ${Math.round(round.baseline.max.requests.average)})`,
      )
      .join(', ')}`,
  );
  const floorRps = floor.max.requests.average;
  const maxCpuPerRequest = (result) =>
    Object.values(result.maxCpu.procs).reduce((sum, micros) => sum + (micros ?? NaN), 0) /
    maxCompleted(result);
  out(
    `two-hop floor (the baseline's work behind a bare proxy that checks the key, as the gateway does): ` +
      `${Math.round(floorRps)} rps = ${((floorRps / baseline.max.requests.average) * 100).toFixed(0)}% of the ` +
      `baseline's; the system reaches ${((system.max.requests.average / floorRps) * 100).toFixed(0)}% of the ` +
      `floor's at ${(maxCpuPerRequest(system) / maxCpuPerRequest(floor)).toFixed(2)}× its CPU per request ` +
      '(median round, apps only)',
  );
  out();

  const share = system.max.requests.average / baseline.max.requests.average;
  const floorShare = system.max.requests.average / floorRps;
  const p99 = system.fixed.p99;
  const noisy = [system, baseline, floor].some(({ fixedCpu, maxCpu }) =>
    [fixedCpu, maxCpu].some((cpu) => cpu.otherCores > NOISY_CORES),
  );
  if (noisy || machine.idleBusy > 0.15) {
    out(
      `WARNING: other work was running on this machine (before the run: ${(machine.idleBusy * 100).toFixed(0)}% ` +
        'busy; during it: see "elsewhere" in the CPU detail). The figures are disturbed: run again.',
    );
    out();
  }
  out('targets against the two-hop floor (median round)');
  out(
    verdict(
      `throughput: system ${Math.round(system.max.requests.average)} rps = ${(floorShare * 100).toFixed(0)}% of ` +
        `the floor's ${Math.round(floorRps)} rps (target ≥ ${TARGETS.floorShare * 100}%)`,
      floorShare >= TARGETS.floorShare,
    ),
  );
  out(
    ratioVerdict(
      'CPU per request at max throughput',
      maxCpuPerRequest(system),
      maxCpuPerRequest(floor),
      TARGETS.cpuPerRequest,
    ),
  );
  out(
    verdict(
      `latency: system p99 at ${pacedRate}/s = ${ms(p99)} = ${(p99 / floor.fixed.p99).toFixed(2)}× ` +
        `the floor's ${ms(floor.fixed.p99)} at the same rate (target ≤ ${TARGETS.p99}×; ` +
        `${system.fixed.count} and ${floor.fixed.count} requests)`,
      p99 <= TARGETS.p99 * floor.fixed.p99 &&
        system.fixed.non2xx + system.fixed.errors + system.fixed.cutOff === 0 &&
        achieved(system) >= pacedRate * 0.95,
    ),
  );
  out(
    ratioVerdict(
      `gateway alone (${Math.round(system.maxCpu.procs.gateway / maxCompleted(system))} µs vs the bare proxy's ` +
        `${Math.round(floor.maxCpu.procs['bare proxy'] / maxCompleted(floor))} µs per request)`,
      system.maxCpu.procs.gateway / maxCompleted(system),
      floor.maxCpu.procs['bare proxy'] / maxCompleted(floor),
      TARGETS.gatewayPerProxy,
    ),
  );
  out(
    `  against the one-process baseline (the physical reference): throughput ${share.toFixed(2)}, CPU µs/request @${pacedRate} ` +
      `${(cpuPerRequest(system) / cpuPerRequest(baseline)).toFixed(2)} (apps only), p50 ` +
      `${(system.fixed.p50 / baseline.fixed.p50).toFixed(2)}, p99 ${(system.fixed.p99 / baseline.fixed.p99).toFixed(2)}`,
  );
  out();

  out(
    'CPU detail (µs per request; pg(x) = PostgreSQL backends serving x, approximate; "elsewhere" = ' +
      'Kafka, PostgreSQL background, kernel, other processes):',
  );
  for (const [label, key, requestsOf, results] of [
    [`fixed ${pacedRate}/s`, 'fixedCpu', (r) => r.fixed.count, [system, baseline, floor]],
    ['max throughput', 'maxCpu', maxCompleted, [system, baseline, floor]],
  ]) {
    for (const result of results) {
      const cpu = result[key];
      const requests = requestsOf(result);
      const procs = Object.entries(cpu.procs)
        .map(
          ([name, micros]) => `${name === 'quote' ? 'quote-service' : name} ${perRequest(micros, requests)}`,
        )
        .join(', ');
      const pgParts = Object.entries(cpu.pg)
        .filter(([app]) => result.pgApps.includes(app))
        .map(([app, micros]) => `pg(${app || '?'}) ${perRequest(micros, requests)}`)
        .join(', ');
      out(
        `  ${padEnd(label, 15)} ${padEnd(result.name, 28)} ${procs}${pgParts ? `, ${pgParts}` : ''}, ` +
          `load generator ${perRequest(cpu.self, requests)}; machine busy ${(cpu.machineBusy * 100).toFixed(0)}% ` +
          `of ${os.cpus().length} cores over ${cpu.seconds.toFixed(1)} s, of which ${cpu.otherCores.toFixed(2)} ` +
          `cores elsewhere`,
      );
    }
  }
  out();
  process.stdout.write(`${lines.join('\n')}\n`);
}

// ------------------------------------------------------------------ main

async function main() {
  const idleBefore = machineTicks();
  await sleep(1_000);
  const idleAfter = machineTicks();
  const idleBusy = (idleAfter.busy - idleBefore.busy) / (idleAfter.total - idleBefore.total);
  if (idleBusy > 0.15)
    log(`the machine is ${(idleBusy * 100).toFixed(0)}% busy before the run: figures will be noisy`);

  log('building (node tools/build/build.mjs --quiet)');
  await run(process.execPath, ['tools/build/build.mjs', '--quiet']);

  log(`creating database ${databaseName}`);
  await adminQuery(`CREATE DATABASE "${databaseName}"`);
  databaseCreated = true;

  log('migrating (node dist/tools/db/src/main.js run)');
  await run(process.execPath, ['dist/tools/db/src/main.js', 'run'], {
    DATABASE_URL: benchUrl,
    LOG_LEVEL: 'warn',
  });

  const client = new pg.Client({ connectionString: benchUrl });
  benchClient = client;
  client.on('error', () => undefined); // the connection ends with the database on the way out
  await client.connect();
  try {
    const pgVersion = (await client.query('SHOW server_version')).rows[0].server_version;
    await client.query(`
      CREATE SCHEMA baseline;
      CREATE TABLE baseline.quote (LIKE quote.quote INCLUDING ALL);
    `);

    const appEnv = {
      DATABASE_URL: benchUrl,
      ...ownDeploymentOnKafka(KAFKA_BROKERS, databaseName),
      INTERNAL_AUTH_SECRET,
      LOG_LEVEL: 'warn',
      HOST,
    };
    log('starting quote-service, api-gateway and the baseline server');
    const quote = launch(
      'quote-service',
      'dist/apps/quote-service/src/main.js',
      {
        ...appEnv,
        PORT: String(PORTS.quote),
      },
      { profile: true },
    );
    const gateway = launch(
      'api-gateway',
      'dist/apps/api-gateway/src/main.js',
      {
        ...appEnv,
        ...NO_RATE_LIMITS,
        PORT: String(PORTS.gateway),
        QUOTE_SERVICE_URL: `http://${HOST}:${PORTS.quote}`,
        TRANSACTION_SERVICE_URL: UNUSED_UPSTREAM,
        KYC_SERVICE_URL: UNUSED_UPSTREAM,
        WEBHOOK_DISPATCHER_URL: UNUSED_UPSTREAM,
        CHAT_API_URL: UNUSED_UPSTREAM,
        API_KEY_PEPPER,
        OPS_API_KEY,
        // Required by the gateway's wallet sign-in, unused on the quote path.
        WALLET_JWT_SECRET,
      },
      { profile: true },
    );
    const bare = { DATABASE_URL: benchUrl, HOST, POOL_SIZE: String(POOL_SIZE) };
    const baseline = launch('baseline', 'bench/baseline-server.mjs', {
      ...bare,
      PORT: String(PORTS.baseline),
    });
    // The baseline's work over two bare processes, as the system splits it: the two-hop floor.
    const floorBackend = launch(
      'floor-backend',
      'bench/baseline-server.mjs',
      {
        ...bare,
        ROLE: 'backend',
        PORT: String(PORTS.floorBackend),
      },
      { profile: true },
    );
    const floorProxy = launch(
      'floor-proxy',
      'bench/floor-proxy.mjs',
      {
        DATABASE_URL: benchUrl,
        HOST,
        API_KEY_PEPPER,
        UPSTREAM_PORT: String(PORTS.floorBackend),
        PORT: String(PORTS.floorProxy),
      },
      { profile: true },
    );
    await Promise.race([
      Promise.all([
        waitReady('quote-service', PORTS.quote),
        waitReady('api-gateway', PORTS.gateway),
        waitReady('baseline', PORTS.baseline),
        waitReady('floor-backend', PORTS.floorBackend),
        waitReady('floor-proxy', PORTS.floorProxy),
      ]),
      childDeath,
    ]);
    log('all ready');

    const gatewayUrl = `http://${HOST}:${PORTS.gateway}`;
    const partner = await postJson(
      `${gatewayUrl}/ops/partners`,
      { name: 'bench' },
      { 'x-ops-api-key': OPS_API_KEY },
    );
    if (partner.status !== 201 || !partner.json?.apiKey)
      throw new Error(`POST /ops/partners answered ${partner.status}: ${partner.text}`);
    const apiKey = partner.json.apiKey;

    // One request each: both must answer 200 with the same price before any load.
    const targets = [
      {
        name: 'gateway → quote-service',
        url: `${gatewayUrl}/quote`,
        headers: { 'x-api-key': apiKey },
        pids: { gateway: gateway.pid, quote: quote.pid },
        pgApps: ['api_gateway', 'quote'],
      },
      {
        name: 'baseline (node:http + pg)',
        url: `http://${HOST}:${PORTS.baseline}/quote`,
        headers: {},
        pids: { baseline: baseline.pid },
        pgApps: ['baseline'],
      },
    ];
    // The architecture's floor: measured beside the two targets, at max throughput and paced.
    const floor = {
      name: 'two-hop floor',
      url: `http://${HOST}:${PORTS.floorProxy}/quote`,
      headers: { 'x-api-key': apiKey },
      pids: { 'bare proxy': floorProxy.pid, 'bare backend': floorBackend.pid },
      pgApps: ['floor_proxy', 'floor_backend'],
    };
    const answers = [];
    for (const target of [...targets, floor]) {
      const answer = await postJson(target.url, JSON.parse(BODY), target.headers);
      if (answer.status !== 200)
        throw new Error(`${target.name}: POST /quote answered ${answer.status}: ${answer.text}`);
      answers.push(answer.json);
      log(`${target.name}: ${answer.text}`);
    }
    if (answers.some(({ value, fee }) => value !== answers[0].value || fee.amount !== answers[0].fee.amount))
      throw new Error(`the targets disagree on the price: ${JSON.stringify(answers)}`);

    const maxTargets = [...targets, floor];
    for (const target of maxTargets) await warmUpAtMax(target);
    const maxRuns = maxTargets.map(() => []);
    for (let round = 1; round <= MAX_ROUNDS; round += 1)
      for (const [index, target] of maxTargets.entries())
        maxRuns[index].push(await measureMax(target, client, round));
    const { rounds, median } = medianRound(...maxRuns);
    pacedRate = Math.max(1, Math.round(median.system.max.requests.average / 2));
    await holdAutovacuum(client);
    log('autovacuum held on the run’s tables for the paced runs (each starts vacuumed and analyzed)');
    const latencies = [];
    for (const target of [...targets, floor]) latencies.push(await measureLatency(target, client));
    const results = [
      { ...latencies[0], ...median.system },
      { ...latencies[1], ...median.baseline },
      { ...floor, ...latencies[2], ...median.floor },
    ];

    const cpus = os.cpus();
    report(results[0], results[1], results[2], rounds, {
      cores: cpus.length,
      model: cpus[0]?.model?.trim() ?? 'unknown cpu',
      memGb: (os.totalmem() / 2 ** 30).toFixed(1),
      pgVersion,
      idleBusy,
    });
    const quietLines = [...children.entries()]
      .filter(([, entry]) => entry.lines > 0)
      .map(
        ([name, entry]) => `${name}: ${entry.lines} log lines (LOG_LEVEL=warn); last: ${entry.tail.at(-1)}`,
      );
    for (const line of quietLines) log(line);
  } finally {
    await client.end().catch(() => undefined);
  }
}

try {
  await main();
  await cleanup();
  process.exit(0);
} catch (error) {
  if (!signalled) log(`failed: ${error.stack ?? error}`);
  await cleanup();
  process.exit(signalled || 1);
}
