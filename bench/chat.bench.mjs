// The chat API's hot paths on real PostgreSQL (and Kafka when KAFKA_BROKERS is set): bulk
// message flags, typing notifications at a steady rate, and the lateness of scheduled messages
// that all fall due in the same second. chat-api runs as its own process, as in production; the
// gateway runs only to bootstrap the realm. Prints figures and PASS/MISS against the targets; it
// is a measurement, not a test.
//
//   bash tools/infra/infra.sh up && eval "$(bash tools/infra/infra.sh env)"
//   npm run bench:chat
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import {
  CLK_TCK,
  ROOT,
  adminQuery as adminQueryOn,
  benchDatabase,
  log,
  processTicks,
  quantile,
  runCommand as run,
  secret,
} from './bench-kit.mjs';
import { RawHttpClient } from './raw-http-client.mjs';

const HOST = '127.0.0.1';
const PORTS = { gateway: 3730, chat: 3731 };
const UNUSED_UPSTREAM = 'http://127.0.0.1:9';
const READY_TIMEOUT_MS = 60_000;

const FLAG_SIZES = [
  { ids: 1_000, target: 15 },
  { ids: 5_000, target: 60 },
];
const FLAG_WARMUP = 10;
// A p99 needs enough requests above it to be a figure rather than one slow request (see README).
const FLAG_ROUNDS = 1_000;
const TYPING_RATE = 1_000;
const TYPING_WARMUP_S = 3;
const TYPING_S = 10;
const TYPING_TARGET_P99_MS = 5;
const SCHEDULED_COUNT = 1_000;
const SCHEDULED_LEAD_S = 20;
const SCHEDULED_TARGET_P99_MS = 1_000;

const { TEST_DATABASE_URL, KAFKA_BROKERS } = process.env;
// BENCH_CHAT_PHASES=typing (comma-separated: flags, typing, scheduled) runs only some phases.
const PHASES = new Set((process.env.BENCH_CHAT_PHASES ?? 'flags,typing,scheduled').split(','));
if (!TEST_DATABASE_URL) {
  process.stderr.write(
    'bench:chat needs a real PostgreSQL: TEST_DATABASE_URL must be set (eval "$(bash tools/infra/infra.sh env)").\n',
  );
  process.exit(2);
}

const INTERNAL_AUTH_SECRET = secret();
const OPS_API_KEY = secret();
const { name: databaseName, url: benchUrl } = benchDatabase('bench_chat', TEST_DATABASE_URL);

const children = [];
let databaseCreated = false;
let stopping = false;

// BENCH_CPU_PROF=<dir> runs chat-api under `node --cpu-prof`; the profile lands in <dir> when it
// stops (read it with bench/cpu-profile-summary.mjs).
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;

function launch(name, script, env, { profile = false } = {}) {
  const nodeArgs = profile && CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF_DIR] : [];
  const child = spawn(process.execPath, [...nodeArgs, script], {
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
  child.once('exit', (code) => {
    if (!stopping) log(`${name} exited (${code}):\n  ${tail.join('\n  ')}`);
  });
  children.push(child);
  return child;
}

const adminQuery = (sql) => adminQueryOn(TEST_DATABASE_URL, sql);

async function cleanup() {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.race([
    Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.once('exit', r))))),
    sleep(8_000),
  ]);
  if (databaseCreated)
    await adminQuery(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`).catch((e) => log(e.message));
}
process.on('SIGINT', () => void cleanup().finally(() => process.exit(130)));

async function waitReady(port) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://${HOST}:${port}/health/ready`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`nothing ready on ${port}`);
}

const figures = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted.at(-1),
    count: sorted.length,
  };
};
const ms = (value) => `${value.toFixed(2)} ms`;
const verdict = (value, target) => (value <= target ? 'PASS' : 'MISS');

// CPU time a process has used (user + system), from /proc (Linux; NaN elsewhere): chat-api's CPU
// per request is steadier than latency on a machine that other work keeps busy.
function cpuMs(pid) {
  return ((processTicks(pid) ?? NaN) * 1000) / CLK_TCK;
}

// A chat call as a client makes it: urlencoded form, HTTP Basic.
function chatCall(account, method, path, form = {}) {
  return fetch(`http://${HOST}:${PORTS.chat}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${account.email}:${account.apiKey}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: method === 'GET' ? undefined : new URLSearchParams(form).toString(),
  }).then(async (response) => {
    const body = await response.json();
    if (response.status !== 200)
      throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(body)}`);
    return body;
  });
}

function rawClient(account, path, body) {
  return new RawHttpClient({
    url: `http://${HOST}:${PORTS.chat}/api/v1${path}`,
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${account.email}:${account.apiKey}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body,
    maxConnections: 64,
  });
}

// Closed loop, one request at a time: the latency of one bulk flag change of `size` ids
// (alternately starring and unstarring them all, so every request changes every row).
async function flagsRound(member, ids, size) {
  const messages = JSON.stringify(ids.slice(0, size));
  const clients = ['add', 'remove'].map((op) =>
    rawClient(member, '/messages/flags', new URLSearchParams({ messages, op, flag: 'starred' }).toString()),
  );
  const latencies = [];
  for (let i = 0; i < FLAG_WARMUP + FLAG_ROUNDS; i += 1) {
    const started = performance.now();
    const status = await clients[i % 2].send(30_000);
    if (status !== 200) throw new Error(`flags answered ${status}`);
    if (i >= FLAG_WARMUP) latencies.push(performance.now() - started);
  }
  for (const client of clients) client.destroy();
  return figures(latencies);
}

// Open loop at an even pace: request i is due at start + i/rate, its latency counted from then.
async function paced(client, rate, seconds) {
  const total = rate * seconds;
  const interval = 1000 / rate;
  const latencies = [];
  let failures = 0;
  const pending = [];
  const start = performance.now() + 20;
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    while (sent < total && start + sent * interval <= now) {
      const due = start + sent++ * interval;
      pending.push(
        client.send(10_000).then(
          (status) => (status === 200 ? latencies.push(performance.now() - due) : (failures += 1)),
          () => (failures += 1),
        ),
      );
    }
    await sleep(1);
  }
  await Promise.all(pending);
  return { ...figures(latencies), failures };
}

async function main() {
  const loadAtStart = loadavg();
  log('building');
  await run(process.execPath, ['tools/build/build.mjs', '--quiet']);
  log(`creating database ${databaseName}`);
  await adminQuery(`CREATE DATABASE "${databaseName}"`);
  databaseCreated = true;
  await run(process.execPath, ['dist/tools/db/src/main.js', 'run'], {
    DATABASE_URL: benchUrl,
    LOG_LEVEL: 'warn',
  });

  // On Kafka the run is a deployment of its own: its own topics and environment id, so nothing it
  // publishes reaches anything else on the broker.
  const bus = KAFKA_BROKERS
    ? {
        EVENT_BUS: 'kafka',
        KAFKA_BROKERS,
        ENVIRONMENT_ID: databaseName,
        KAFKA_TOPIC_PREFIX: `${databaseName}.`,
      }
    : { EVENT_BUS: 'memory' };
  const appEnv = { DATABASE_URL: benchUrl, INTERNAL_AUTH_SECRET, LOG_LEVEL: 'warn', HOST, ...bus };
  const chatApi = launch(
    'chat-api',
    'dist/apps/chat-api/src/main.js',
    {
      ...appEnv,
      PORT: String(PORTS.chat),
      CHAT_SECRET_KEY: secret(),
      CHAT_RATE_LIMIT_REQUESTS: '100000000',
    },
    { profile: true },
  );
  launch('api-gateway', 'dist/apps/api-gateway/src/main.js', {
    ...appEnv,
    PORT: String(PORTS.gateway),
    EVENT_BUS: 'memory',
    CHAT_API_URL: `http://${HOST}:${PORTS.chat}`,
    QUOTE_SERVICE_URL: UNUSED_UPSTREAM,
    TRANSACTION_SERVICE_URL: UNUSED_UPSTREAM,
    KYC_SERVICE_URL: UNUSED_UPSTREAM,
    WEBHOOK_DISPATCHER_URL: UNUSED_UPSTREAM,
    API_KEY_PEPPER: secret(),
    OPS_API_KEY,
    WALLET_JWT_SECRET: secret(),
  });
  await Promise.all([waitReady(PORTS.chat), waitReady(PORTS.gateway)]);
  log(`chat-api on ${bus.EVENT_BUS === 'kafka' ? 'Kafka' : 'the in-memory bus'} and PostgreSQL`);

  const realm = await fetch(`http://${HOST}:${PORTS.gateway}/ops/chat/realms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ops-api-key': OPS_API_KEY },
    body: JSON.stringify({
      name: 'Bench',
      ownerEmail: 'owner@bench.test',
      ownerName: 'Owner',
      ownerPassword: 'pw-owner-1',
    }),
  }).then((r) => r.json());
  const owner = realm.owner;
  await chatCall(owner, 'POST', '/users', {
    email: 'member@bench.test',
    password: 'pw-member-1',
    full_name: 'Member',
  });
  const login = await chatCall(owner, 'POST', '/fetch_api_key', {
    username: 'member@bench.test',
    password: 'pw-member-1',
  });
  const member = { email: 'member@bench.test', apiKey: login.api_key, userId: login.user_id };
  await chatCall(owner, 'POST', '/users/me/subscriptions', {
    subscriptions: JSON.stringify([{ name: 'bench' }]),
    principals: JSON.stringify([owner.userId, member.userId]),
  });
  const streamId = (await chatCall(owner, 'GET', '/users/me/subscriptions')).subscriptions[0].stream_id;
  await chatCall(owner, 'POST', '/messages', {
    type: 'stream',
    to: String(streamId),
    topic: 'seed',
    content: 'seed',
  });

  // 5,000 messages the member holds, written straight to the tables (sending them one by one
  // would only slow the set-up).
  const client = new pg.Client({ connectionString: benchUrl });
  await client.connect();
  const { rows } = await client.query(
    `WITH m AS (
       INSERT INTO "chat"."message" ("realm_id", "sender_id", "recipient_id", "stream_id", "topic", "topic_key",
                                     "content", "rendered_content", "client", "date_sent")
       SELECT s."realm_id", $1, s."recipient_id", s."id", 'seed', 'seed', 'hello', '<p>hello</p>', 'bench', now()
       FROM "chat"."stream" s, generate_series(1, 5000) WHERE s."id" = $2
       RETURNING "id")
     INSERT INTO "chat"."user_message" ("user_id", "message_id", "flags")
     SELECT u."id", m."id", 0 FROM m, unnest($3::int[]) AS u("id")
     RETURNING "message_id"`,
    [owner.userId, streamId, [owner.userId, member.userId]],
  );
  const ids = [...new Set(rows.map((row) => row.message_id))].sort((a, b) => a - b);
  await client.query('ANALYZE "chat"."user_message"');
  log(`seeded ${ids.length} messages`);

  const results = [];
  for (const { ids: size, target } of PHASES.has('flags') ? FLAG_SIZES : []) {
    log(
      `POST /messages/flags with ${size} ids: ${FLAG_WARMUP} warm-up, ${FLAG_ROUNDS} measured, one at a time`,
    );
    const cpuBefore = cpuMs(chatApi.pid);
    const f = await flagsRound(member, ids, size);
    f.cpuPerRequest = (cpuMs(chatApi.pid) - cpuBefore) / (FLAG_WARMUP + FLAG_ROUNDS);
    results.push([`POST /messages/flags, ${size} ids`, f, target]);
  }
  if (PHASES.has('flags') && PHASES.size > 1) {
    // The flags phase leaves millions of dead row versions; autovacuum would clean them up
    // during the next phase and take a core from it. Each phase is measured on a settled database.
    log('vacuuming the rows the flags phase rewrote');
    await client.query('VACUUM "chat"."user_message"');
  }

  if (PHASES.has('typing')) {
    log(`POST /typing at ${TYPING_RATE}/s: ${TYPING_WARMUP_S} s warm-up, ${TYPING_S} s measured`);
    const typing = rawClient(
      member,
      '/typing',
      new URLSearchParams({ type: 'direct', op: 'start', to: JSON.stringify([owner.userId]) }).toString(),
    );
    await paced(typing, TYPING_RATE, TYPING_WARMUP_S);
    const cpuBefore = cpuMs(chatApi.pid);
    const t = await paced(typing, TYPING_RATE, TYPING_S);
    t.cpuPerRequest = (cpuMs(chatApi.pid) - cpuBefore) / (TYPING_RATE * TYPING_S);
    typing.destroy();
    results.push([`POST /typing at ${TYPING_RATE}/s (failures ${t.failures})`, t, TYPING_TARGET_P99_MS]);
  }

  if (PHASES.has('scheduled')) {
    log(`scheduling ${SCHEDULED_COUNT} messages due in the same second`);
    const dueAt = Math.ceil(Date.now() / 1000) + SCHEDULED_LEAD_S;
    for (let i = 0; i < SCHEDULED_COUNT; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          chatCall(member, 'POST', '/scheduled_messages', {
            type: 'stream',
            to: String(streamId),
            topic: 'scheduled',
            content: `scheduled ${i + j}`,
            scheduled_delivery_timestamp: String(dueAt),
          }),
        ),
      );
    }
    if (Date.now() >= dueAt * 1000) throw new Error('scheduling took longer than the lead time');
    log(`waiting for delivery at ${new Date(dueAt * 1000).toISOString()}`);
    let delivered = 0;
    const deadline = dueAt * 1000 + 60_000;
    while (delivered < SCHEDULED_COUNT && Date.now() < deadline) {
      await sleep(500);
      delivered = Number(
        (await client.query('SELECT count(*) FROM "chat"."scheduled_message" WHERE "delivered"')).rows[0]
          .count,
      );
    }
    const lateness = await client.query(
      `SELECT extract(epoch FROM (m."date_sent" - s."scheduled_at")) * 1000 AS "late_ms"
     FROM "chat"."scheduled_message" s JOIN "chat"."message" m ON m."id" = s."delivered_message_id"`,
    );
    const late = figures(lateness.rows.map((row) => Number(row.late_ms)));
    results.push([
      `scheduled lateness, ${SCHEDULED_COUNT} due at once (delivered ${delivered})`,
      late,
      SCHEDULED_TARGET_P99_MS,
    ]);
  }
  await client.end();

  process.stdout.write(
    `\nchat-api benchmark (latency per request; lateness = sent time − due time; chat-api CPU per request)\n` +
      `  load average at start ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}, at end ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (2 cores: above 2, figures are noisy)\n`,
  );
  for (const [name, f, target] of results) {
    const cpu = f.cpuPerRequest === undefined ? '' : `  cpu ${ms(f.cpuPerRequest)}/req`;
    process.stdout.write(
      `  ${name.padEnd(58)} p50 ${ms(f.p50).padStart(10)}  p99 ${ms(f.p99).padStart(10)}  max ${ms(f.max).padStart(10)}  n=${f.count}${cpu}  target p99 ≤ ${target} ms  ${verdict(f.p99, target)}\n`,
    );
  }
}

main()
  .catch((error) => {
    process.exitCode = 1;
    log(error.stack ?? String(error));
  })
  .finally(() => cleanup());
