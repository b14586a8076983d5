// What the benchmarks share: their log line, secrets, the run's own database, commands run to
// completion, percentiles and CPU time read from /proc (Linux).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { deploymentNodeFlags } from '../tools/k8s/deployment-node-flags.mjs';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const log = (message) => process.stderr.write(`[bench] ${message}\n`);

// The Node options of the app a bench process stands for (its Kubernetes Deployment's
// NODE_OPTIONS), so that a ratio compares the same runtime on both sides: an app's own script
// stands for itself, the floor's proxy for the gateway, the typing baseline for chat-api. The
// payout paths' one-process baselines and floor backends run with Node's defaults, as the payout
// services do.
const STANDS_FOR = { 'bench/floor-proxy.mjs': 'api-gateway', 'bench/chat-baseline-server.mjs': 'chat-api' };

export function nodeFlagsFor(script) {
  const app = /^dist\/apps\/([^/]+)\//.exec(script)?.[1] ?? STANDS_FOR[script];
  return app ? deploymentNodeFlags(app) : [];
}

// 48 characters.
export const secret = () => randomBytes(36).toString('base64url');

// The gateway's rate limits lifted (1,000,000 requests a second in every class, and as many wrong
// credentials): a bench drives one partner far past what a partner may send, and measures the
// gateway counting, not refusing.
export const NO_RATE_LIMITS = {
  RATE_LIMIT_DEFAULTS:
    'quotes=1000000/1,transaction_writes=1000000/1,kyc_uploads=1000000/1,keys=1000000/1,reads=1000000/1',
  FAILED_AUTH_LIMIT: '1000000',
};

// A database of its own for one run, on the server of `serverUrl`.
export function benchDatabase(prefix, serverUrl) {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

// One statement on its own connection (CREATE DATABASE and DROP DATABASE cannot share one).
export async function adminQuery(serverUrl, sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

// Clears the run database's vacuum debt before a measured window. Autovacuum visits a database
// once a minute and cleans whatever the phases before left (dead outbox rows, tables grown past
// their analyze threshold), about a second of I/O on this machine: without this it lands in
// whichever window comes next, often one target's for the other's rows. What a window's own
// writes set off still counts against it.
export async function settleDatabase(client) {
  await client.query('VACUUM (ANALYZE)');
}

// Turns autovacuum off for every table of the run's database, for latency runs that each start
// vacuumed and analyzed (settleDatabase). Otherwise a run's own inserts cross a table's analyze
// threshold (10% of its rows) at a moment that depends on how many rows the max-throughput runs
// left in it, not on the target: the slower target's smaller tables crossed it within seconds,
// and the analyze took most of a core for 400 ms on a machine that shares PostgreSQL's cores.
export async function holdAutovacuum(client) {
  const { rows } = await client.query(
    `SELECT format('%I.%I', schemaname, relname) AS "table" FROM pg_stat_user_tables`,
  );
  for (const row of rows) await client.query(`ALTER TABLE ${row.table} SET (autovacuum_enabled = off)`);
}

// The automatic vacuums and analyzes PostgreSQL finished on the run's database between `from`
// and `to` (Dates), as { table, kind, at } with `at` in seconds after `from`: a run's own writes
// can set one off, and it shares the machine's cores with the targets.
export async function autovacuumsBetween(client, from, to) {
  const { rows } = await client.query(
    `SELECT schemaname || '.' || relname AS "table", kind, at
       FROM pg_stat_user_tables,
            LATERAL (VALUES ('vacuum', last_autovacuum), ('analyze', last_autoanalyze)) AS done (kind, at)
      WHERE at BETWEEN $1 AND $2
      ORDER BY at`,
    [from, to],
  );
  return rows.map((row) => ({ table: row.table, kind: row.kind, at: (row.at - from) / 1000 }));
}

// Runs a command in the repository to its end: resolves with its output, rejects with it.
export function runCommand(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${[command, ...args].join(' ')} failed:\n${output}`)),
    );
  });
}

// Starts `node <script>` in the repository with the Node options of the app it stands for
// (nodeFlagsFor), PATH, HOME and `env` only (under --cpu-prof, writing into cpuProfDir, when one
// is given) and keeps its last 20 output lines for onExit(code, tail).
export function spawnNode(script, env, { cpuProfDir, onExit }) {
  const nodeArgs = cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir] : [];
  const child = spawn(process.execPath, [...nodeFlagsFor(script), ...nodeArgs, script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail = [];
  const keep = (chunk) => {
    tail.push(...chunk.toString().split('\n').filter(Boolean));
    tail.splice(0, Math.max(0, tail.length - 20));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.once('exit', (code) => onExit(code, tail));
  return child;
}

// The q-quantile of values sorted ascending (nearest rank); NaN when there are none.
export const quantile = (sorted, q) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;

// Clock ticks per second of /proc's CPU figures.
export const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

// utime + stime of a process in clock ticks (fields 14 and 15 of /proc/<pid>/stat); null when
// it cannot be read (the process is gone, or this is not Linux).
export function processTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

// Busy and total clock ticks of the whole machine (first line of /proc/stat; guest time is
// already counted in user time, so only the first eight fields add up).
export function machineTicks() {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const numbers = values.map(Number);
  const idle = numbers[3] + (numbers[4] ?? 0);
  const total = numbers.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

// What the machine did between two readings, each { machine: machineTicks(), processes: { name:
// processTicks } }: the share of it busy, and the cores each process used on average, with what the
// processes do not account for as 'elsewhere (PostgreSQL, Kafka, others)'.
export function coresUsed(before, after) {
  const total = after.machine.total - before.machine.total;
  const busy = after.machine.busy - before.machine.busy;
  // Jiffies of all cores together over the window → cores used on average.
  const cores = (jiffies) => (jiffies * cpus().length) / total;
  const used = Object.entries(after.processes).map(([name, ticks]) => [name, ticks - before.processes[name]]);
  const own = used.reduce((sum, [, jiffies]) => sum + jiffies, 0);
  return {
    busy: busy / total,
    cores: {
      ...Object.fromEntries(used.map(([name, jiffies]) => [name, cores(jiffies)])),
      'elsewhere (PostgreSQL, Kafka, others)': cores(busy - own),
    },
  };
}

// The real PostgreSQL and Kafka a bench of the payout apps runs against, from the environment
// the local infrastructure exports; without them, says how to start it and exits.
export function realInfrastructure(bench) {
  const { TEST_DATABASE_URL, KAFKA_BROKERS } = process.env;
  if (!TEST_DATABASE_URL || !KAFKA_BROKERS) {
    process.stderr.write(
      [
        `bench:${bench} needs a real PostgreSQL and Kafka: TEST_DATABASE_URL and KAFKA_BROKERS must be set.`,
        'Start the local infrastructure and export them:',
        '  bash tools/infra/infra.sh up',
        '  eval "$(bash tools/infra/infra.sh env)"',
        `  npm run bench:${bench}`,
        '',
      ].join('\n'),
    );
    process.exit(2);
  }
  return { TEST_DATABASE_URL, KAFKA_BROKERS };
}

// Drops a run's database, saying whether it went (one that could not be dropped is left to drop
// by hand).
export function dropBenchDatabase(serverUrl, name) {
  return adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).then(
    () => log(`dropped database ${name}`),
    (error) => log(`could not drop database ${name}: ${error.message}`),
  );
}

// The bus settings of a run's apps on Kafka: the run is a deployment of its own on the broker,
// with its own topics and environment id, so nothing it publishes reaches anything else there.
export function ownDeploymentOnKafka(brokers, runName) {
  return {
    EVENT_BUS: 'kafka',
    KAFKA_BROKERS: brokers,
    ENVIRONMENT_ID: runName,
    KAFKA_TOPIC_PREFIX: `${runName}.`,
  };
}

// Runs `stop` on Ctrl-C or a termination request, then exits with that signal's usual status.
export function stopOnSignals(stop) {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ]) {
    process.on(signal, () => void stop(signal, code).finally(() => process.exit(code)));
  }
}

// Waits until the service at `origin` answers its readiness probe, or fails after `timeoutMs`
// saying what it answered last; `abandon` (a promise that rejects when a child process exits)
// cuts the wait short.
export async function waitUntilReady(name, origin, timeoutMs, abandon) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${origin}/health/ready`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = error.cause?.code ?? error.message;
    }
    await Promise.race([sleep(250), abandon]);
  }
  throw new Error(`${name} not ready at ${origin} after ${timeoutMs / 1000} s (last: ${last})`);
}

// One target's line: what was measured, then PASS or MISS.
export const verdict = (measured, pass) => `  ${measured}: ${pass ? 'PASS' : 'MISS'}`;

// A cost judged as a ratio to its reference (lower is better): `label` a.bc× (target ≤ t×).
export const ratioVerdict = (label, value, reference, target) =>
  verdict(`${label} ${(value / reference).toFixed(2)}× (target ≤ ${target}×)`, value / reference <= target);
