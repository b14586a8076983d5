// The chat API's hot paths on real PostgreSQL (and Kafka when KAFKA_BROKERS is set): bulk
// message flags, typing notifications at a steady rate, and the lateness of scheduled messages
// that all fall due in the same second. chat-api runs as its own process, as in production; the
// gateway runs only to bootstrap the realm. Each phase has a baseline in the same run: the flags'
// statement run bare through `pg`, and typing against bench/chat-baseline-server.mjs (node:http
// with the same account reads and the same batched publish). Prints figures, ratios and PASS/MISS
// against the targets; it is a measurement, not a test.
//
//   bash tools/infra/infra.sh up && eval "$(bash tools/infra/infra.sh env)"
//   npm run bench:chat
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import {
  adminQuery as adminQueryOn,
  benchDatabase,
  CLK_TCK,
  log,
  ownDeploymentOnKafka,
  processTicks,
  quantile,
  ROOT,
  runCommand as run,
  secret,
  spawnNode,
} from './bench-kit.mjs';
import { RawHttpClient } from './raw-http-client.mjs';

const HOST = '127.0.0.1';
const PORTS = { gateway: 3730, chat: 3731, baseline: 3732 };
const UNUSED_UPSTREAM = 'http://127.0.0.1:9';
const READY_TIMEOUT_MS = 60_000;

const FLAG_SIZES = [1_000, 5_000];
// Flags and typing: the system's p99 at most this many times its baseline's.
const TARGET_RATIO = 2;
const FLAG_WARMUP = 10;
// A p99 needs enough requests above it to be a figure rather than one slow request (see README):
// of 3,000 it is the 31st slowest (of 1,000 it was the 11th).
const FLAG_ROUNDS = 3_000;
const TYPING_RATE = 1_000;
const TYPING_WARMUP_S = 3;
const TYPING_S = 10;
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
const CHAT_SECRET_KEY = secret();
const OPS_API_KEY = secret();
const { name: databaseName, url: benchUrl } = benchDatabase('bench_chat', TEST_DATABASE_URL);

const children = [];
let databaseCreated = false;
let stopping = false;

// BENCH_CPU_PROF=<dir> runs chat-api under `node --cpu-prof`; the profile lands in <dir> when it
// stops (read it with bench/cpu-profile-summary.mjs).
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;

function launch(name, script, env, { profile = false } = {}) {
  const child = spawnNode(script, env, {
    cpuProfDir: profile ? CPU_PROF_DIR : undefined,
    onExit: (code, tail) => {
      if (!stopping) log(`${name} exited (${code}):\n  ${tail.join('\n  ')}`);
    },
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
const verdict = (ok) => (ok ? 'PASS' : 'MISS');

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

function rawClient(account, path, body, port = PORTS.chat) {
  return new RawHttpClient({
    url: `http://${HOST}:${port}/api/v1${path}`,
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

// The same rounds as flagsRound with chat-api's statement alone, run bare through `pg`: the text
// MessageFlagsRepository.applyWhenAllHeld builds (from dist), its event (chat-api's own flagsEvent) and
// row (the outbox's own SQL and parameters), executed on one connection as the request's only round trip.
async function bareFlagsRound(client, member, realmId, ids, size) {
  const repository = await import(distFile('apps/chat-api/src/message-flags/message-flags.repository.js'));
  const { flagChange } = await import(distFile('apps/chat-api/src/message-flags/flag-rules.js'));
  const { flagsEvent } = await import(distFile('apps/chat-api/src/message-flags/flags-event.js'));
  const { outboxInsertSql, outboxParameters } = await import(
    distFile('libs/platform/messaging/src/outbox.repository.js')
  );
  const clock = { now: () => new Date() };
  const bare = {
    statement: async (parameters, compose) => {
      const values = [...parameters];
      const sql = compose({
        event: (topic, payload, options, condition) => {
          const firstParameter = values.length + 1;
          values.push(...outboxParameters(randomUUID(), clock, topic, payload, options));
          return outboxInsertSql('"chat"."outbox_message"', firstParameter, condition);
        },
      });
      return (await client.query(sql, values)).rows;
    },
  };
  const messages = ids.slice(0, size);
  const changes = ['add', 'remove'].map((op) => flagChange('starred', op));
  const flags = new repository.MessageFlagsRepository();
  // The caller as flagsEvent reads it: its realm and user.
  const caller = { realm: { id: realmId }, user: { id: member.userId } };
  const latencies = [];
  for (let i = 0; i < FLAG_WARMUP + FLAG_ROUNDS; i += 1) {
    const change = changes[i % 2];
    const event = flagsEvent(caller, change, messages);
    const started = performance.now();
    const changed = await flags.applyWhenAllHeld(bare, member.userId, messages, change, event);
    if (changed?.length !== size) throw new Error(`the bare statement changed ${changed?.length} of ${size}`);
    if (i >= FLAG_WARMUP) latencies.push(performance.now() - started);
  }
  return figures(latencies);
}

const distFile = (path) => pathToFileURL(`${ROOT}dist/${path}`).href;

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

  const bus = KAFKA_BROKERS ? ownDeploymentOnKafka(KAFKA_BROKERS, databaseName) : { EVENT_BUS: 'memory' };
  const appEnv = { DATABASE_URL: benchUrl, INTERNAL_AUTH_SECRET, LOG_LEVEL: 'warn', HOST, ...bus };
  const chatApi = launch(
    'chat-api',
    'dist/apps/chat-api/src/main.js',
    {
      ...appEnv,
      PORT: String(PORTS.chat),
      CHAT_SECRET_KEY,
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
  const baselineServer = launch('baseline', 'bench/chat-baseline-server.mjs', {
    DATABASE_URL: benchUrl,
    CHAT_SECRET_KEY,
    HOST,
    PORT: String(PORTS.baseline),
    ...(KAFKA_BROKERS ? { KAFKA_BROKERS, TOPIC: `${databaseName}.baseline.chat.events.v1` } : {}),
  });
  await Promise.all([waitReady(PORTS.chat), waitReady(PORTS.gateway), waitReady(PORTS.baseline)]);
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

  const {
    rows: [{ realm_id: realmId }],
  } = await client.query('SELECT "realm_id" FROM "chat"."user_profile" WHERE "id" = $1', [member.userId]);
  // Each flags round starts on a settled table: the rounds rewrite the same rows thousands of
  // times, and the dead versions one leaves would slow the next (see README).
  const vacuum = () => client.query('VACUUM "chat"."user_message"');
  const results = [];
  for (const size of PHASES.has('flags') ? FLAG_SIZES : []) {
    log(
      `POST /messages/flags with ${size} ids: ${FLAG_WARMUP} warm-up, ${FLAG_ROUNDS} measured, one at a time; then its statement bare`,
    );
    await vacuum();
    const cpuBefore = cpuMs(chatApi.pid);
    const f = await flagsRound(member, ids, size);
    f.cpuPerRequest = (cpuMs(chatApi.pid) - cpuBefore) / (FLAG_WARMUP + FLAG_ROUNDS);
    await vacuum();
    const bare = await bareFlagsRound(client, member, realmId, ids, size);
    results.push({ name: `POST /messages/flags, ${size} ids`, system: f, baseline: bare });
  }
  if (PHASES.has('flags') && PHASES.size > 1) {
    // The flags phase leaves millions of dead row versions in user_message, and as many dead
    // outbox rows as it made events (each one's payload names up to 5,000 messages; the relay
    // rewrites a row to mark it published): autovacuum would clean them up during the next phase
    // and take a core from it (seen on chat.outbox_message, in the typing phase). Its gigabytes of
    // WAL also keep PostgreSQL checkpointing (one every 20–30 s, for max_wal_size), and the
    // writes of one could land in the typing phase, on the system's run or on the baseline's,
    // whichever came then (typing p99 3–4× the other's, either way round, before this
    // checkpoint; see README). Each phase is measured on a settled database: every table
    // vacuumed, and its dirty pages written out.
    log('vacuuming every table the flags phase wrote, then a checkpoint');
    await client.query('VACUUM');
    await client.query('CHECKPOINT');
  }

  if (PHASES.has('typing')) {
    log(
      `POST /typing at ${TYPING_RATE}/s: ${TYPING_WARMUP_S} s warm-up, ${TYPING_S} s measured, then the baseline's`,
    );
    const body = new URLSearchParams({
      type: 'direct',
      op: 'start',
      to: JSON.stringify([owner.userId]),
    }).toString();
    const measured = [];
    for (const [port, pid] of [
      [PORTS.chat, chatApi.pid],
      [PORTS.baseline, baselineServer.pid],
    ]) {
      const typing = rawClient(member, '/typing', body, port);
      await paced(typing, TYPING_RATE, TYPING_WARMUP_S);
      const cpuBefore = cpuMs(pid);
      const figuresOfRun = await paced(typing, TYPING_RATE, TYPING_S);
      figuresOfRun.cpuPerRequest = (cpuMs(pid) - cpuBefore) / (TYPING_RATE * TYPING_S);
      typing.destroy();
      measured.push(figuresOfRun);
    }
    results.push({
      name: `POST /typing at ${TYPING_RATE}/s (failures ${measured[0].failures} / ${measured[1].failures})`,
      system: measured[0],
      baseline: measured[1],
    });
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
    results.push({
      name: `scheduled lateness, ${SCHEDULED_COUNT} due at once (delivered ${delivered})`,
      system: late,
      target: SCHEDULED_TARGET_P99_MS,
    });
  }
  await client.end();

  const typingBaseline = results.find(({ name }) => name.startsWith('POST /typing'))?.baseline;
  process.stdout.write(
    `\nchat-api benchmark (latency per request; lateness = sent time − due time; CPU per request of chat-api and of the typing baseline)\n` +
      `  load average at start ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}, at end ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (2 cores: above 2, figures are noisy)\n` +
      (typingBaseline
        ? `  machine speed: the typing baseline used ${ms(typingBaseline.cpuPerRequest)} of CPU per request\n`
        : ''),
  );
  const line = (who, f) => {
    const cpu = f.cpuPerRequest === undefined ? '' : `  cpu ${ms(f.cpuPerRequest)}/req`;
    // The nearest-rank p99's place from the top.
    const rank = f.count - Math.ceil(0.99 * f.count) + 1;
    return `    ${who.padEnd(9)} p50 ${ms(f.p50).padStart(10)}  p99 ${ms(f.p99).padStart(10)}  max ${ms(f.max).padStart(10)}  n=${f.count} (p99 = slowest #${rank})${cpu}\n`;
  };
  for (const { name, system, baseline, target } of results) {
    const judged = baseline
      ? `p99 ${(system.p99 / baseline.p99).toFixed(2)}× the baseline's (target ≤ ${TARGET_RATIO}×): ${verdict(system.p99 <= TARGET_RATIO * baseline.p99)}`
      : `p99 ${ms(system.p99)} (target ≤ ${target} ms): ${verdict(system.p99 <= target)}`;
    process.stdout.write(
      `  ${name}\n${line('system', system)}${baseline ? line('baseline', baseline) : ''}    ${judged}\n`,
    );
  }
}

main()
  .catch((error) => {
    process.exitCode = 1;
    log(error.stack ?? String(error));
  })
  .finally(() => cleanup());
