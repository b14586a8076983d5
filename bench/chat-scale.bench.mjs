// Costs that do not grow with history: chat-api on real PostgreSQL with 5,000 users and 200
// channels, its history grown in place from 10,000 to 100,000 to 500,000 messages (seeded with
// SQL), and at each size the latency of a client's start (POST /register, all state), a channel
// narrow (the newest 50 of one channel), a search for a word in 1% of the messages and for an
// absent one, and a channel send. Prints p50/p99 per operation and size and each p99's ratio to
// its value at the smallest size, PASS/MISS against the targets; a measurement, not a test.
//
// The seed: every user is subscribed to 2 channels (about 50 subscribers each); the two measured
// accounts (the owner and a member) to all 200 and hold a copy of every channel message, all read
// but the newest 200, plus a direct conversation between them (1% of the messages). The other
// subscribers hold no copies: no measured path reads them, and 500,000 × 50 rows would take the
// machine longer to write than the whole run.
//
//   bash tools/infra/infra.sh up && eval "$(bash tools/infra/infra.sh env)"
//   npm run bench:chat-scale          (BENCH_SCALE_SIZES=10000,100000,500000 by default)
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import {
  adminQuery as adminQueryOn,
  benchDatabase,
  dropBenchDatabase,
  log,
  quantile,
  runCommand as run,
  secret,
  settleDatabase,
  spawnNode,
  waitUntilReady,
} from './bench-kit.mjs';

const HOST = '127.0.0.1';
const PORTS = { gateway: 4671, chat: 4672 };
const UNUSED_UPSTREAM = 'http://127.0.0.1:9';
const READY_TIMEOUT_MS = 90_000;

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '10000,100000,500000').split(',').map(Number);
const USERS = 5_000;
const CHANNELS = 200;
const CHANNELS_PER_USER = 2;
const UNREAD = 200;
// One message in this many carries the searched word; as many are direct messages.
const NEEDLE_EVERY = 100;
const DIRECT_EVERY = 100;
const NEEDLE = 'needle';
const ABSENT = 'quasar';

// Requests per operation and size (after `WARMUP` unmeasured ones): a p99 of 200 is the second
// slowest, of 100 the slowest.
const WARMUP = 10;
const ROUNDS = { register: 100, narrow: 200, search: 200, send: 200 };
// The issue's targets: register and every other operation's p99 at the largest size within 1.5×
// of its value at the smallest; search's p99 at most 100 ms at every size.
const GROWTH_TARGET = 1.5;
const SEARCH_TARGET_MS = 100;

const { TEST_DATABASE_URL } = process.env;
if (!TEST_DATABASE_URL) {
  process.stderr.write(
    'bench:chat-scale needs a real PostgreSQL: TEST_DATABASE_URL must be set (eval "$(bash tools/infra/infra.sh env)").\n',
  );
  process.exit(2);
}

const INTERNAL_AUTH_SECRET = secret();
const OPS_API_KEY = secret();
const { name: databaseName, url: benchUrl } = benchDatabase('bench_chat_scale', TEST_DATABASE_URL);
const children = [];
let databaseCreated = false;
let stopping = false;

function launch(name, script, env) {
  const child = spawnNode(script, env, {
    onExit: (code, tail) => {
      if (!stopping) log(`${name} exited (${code}):\n  ${tail.join('\n  ')}`);
    },
  });
  children.push(child);
  return child;
}

async function cleanup() {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.race([
    Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.once('exit', r))))),
    sleep(8_000),
  ]);
  if (databaseCreated) await dropBenchDatabase(TEST_DATABASE_URL, databaseName);
}
process.on('SIGINT', () => void cleanup().finally(() => process.exit(130)));

function chatCall(account, method, path, form = {}) {
  const query = method === 'GET' ? `?${new URLSearchParams(form)}` : '';
  return fetch(`http://${HOST}:${PORTS.chat}/api/v1${path}${query}`, {
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

// The realm, its two measured accounts (through the API, so they have API keys), then the other
// users, the channels and the subscriptions in SQL.
async function setUp(client) {
  const realm = await fetch(`http://${HOST}:${PORTS.gateway}/ops/chat/realms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ops-api-key': OPS_API_KEY },
    body: JSON.stringify({
      name: 'Scale',
      ownerEmail: 'owner@scale.test',
      ownerName: 'Owner',
      ownerPassword: 'pw-owner-1',
    }),
  }).then((r) => r.json());
  if (!realm.owner) throw new Error(`creating the realm answered ${JSON.stringify(realm)}`);
  const owner = realm.owner;
  await chatCall(owner, 'POST', '/users', {
    email: 'member@scale.test',
    password: 'pw-member-1',
    full_name: 'Member',
  });
  const login = await chatCall(owner, 'POST', '/fetch_api_key', {
    username: 'member@scale.test',
    password: 'pw-member-1',
  });
  const member = { email: 'member@scale.test', apiKey: login.api_key, userId: login.user_id };
  const {
    rows: [{ realm_id: realmId }],
  } = await client.query('SELECT "realm_id" FROM "chat"."user_profile" WHERE "id" = $1', [owner.userId]);
  await client.query(
    `INSERT INTO "chat"."user_profile" ("realm_id", "email", "email_key", "full_name", "role", "api_key_hash", "api_key_sealed", "date_joined")
     SELECT $1, 'user' || i || '@scale.test', 'user' || i || '@scale.test', 'User ' || i, 400, md5(i::text), md5(i::text), now()
       FROM generate_series(1, $2::int) AS i`,
    [realmId, USERS - 2],
  );
  // Channels first, then their recipients: a statement does not see rows its own WITH inserted.
  await client.query(
    `INSERT INTO "chat"."stream" ("realm_id", "name", "name_key", "recipient_id", "date_created")
     SELECT $1, 'channel ' || i, 'channel ' || i, 0, now() FROM generate_series(1, $2::int) AS i`,
    [realmId, CHANNELS],
  );
  await client.query(
    `WITH r AS (
       INSERT INTO "chat"."recipient" ("realm_id", "type", "conversation_key")
       SELECT $1, 2, 'stream:' || "id" FROM "chat"."stream" WHERE "realm_id" = $1 AND "recipient_id" = 0
       RETURNING "id", "conversation_key")
     UPDATE "chat"."stream" t SET "recipient_id" = r."id" FROM r WHERE r."conversation_key" = 'stream:' || t."id"`,
    [realmId],
  );
  const measured = [owner.userId, member.userId];
  // Every other user in CHANNELS_PER_USER channels; the measured accounts in all of them.
  await client.query(
    `INSERT INTO "chat"."subscription" ("user_id", "stream_id", "realm_id", "active", "color")
     SELECT u."id", s."id", $1, true, '#76ce90'
       FROM "chat"."user_profile" u
       JOIN LATERAL (SELECT "id" FROM "chat"."stream" WHERE "realm_id" = $1
                      ORDER BY ("id" + u."id" * 7) % $2 LIMIT $3) s ON true
      WHERE u."realm_id" = $1 AND NOT u."id" = ANY($4)
     UNION ALL
     SELECT u, s."id", $1, true, '#76ce90' FROM unnest($4::int[]) AS u, "chat"."stream" s WHERE s."realm_id" = $1`,
    [realmId, CHANNELS, CHANNELS_PER_USER, measured],
  );
  const key = `dm:${[...measured].sort((a, b) => a - b).join(',')}`;
  const {
    rows: [{ id: directRecipient }],
  } = await client.query(
    `INSERT INTO "chat"."recipient" ("realm_id", "type", "conversation_key", "user_ids")
     VALUES ($1, 1, $2, $3) ON CONFLICT ("realm_id", "conversation_key") DO UPDATE SET "type" = 1 RETURNING "id"`,
    [realmId, key, [...measured].sort((a, b) => a - b)],
  );
  return { owner, member, realmId, measured, directRecipient };
}

// Grows the history to `total` messages: round-robin over the channels (20 topics each), one in
// NEEDLE_EVERY carrying the searched word, one in DIRECT_EVERY a direct message between the
// measured accounts; their copies read but the newest UNREAD.
async function growTo(client, seed, total) {
  const {
    rows: [{ count }],
  } = await client.query('SELECT count(*)::int AS "count" FROM "chat"."message"');
  const first = count + 1;
  if (total < first) return;
  await client.query('UPDATE "chat"."user_message" SET "flags" = "flags" | 1 WHERE "unread"');
  const started = performance.now();
  await client.query(
    `WITH channels AS (
       SELECT row_number() OVER (ORDER BY "id") - 1 AS "n", "id", "recipient_id" FROM "chat"."stream" WHERE "realm_id" = $1),
     m AS (
       INSERT INTO "chat"."message" ("realm_id", "sender_id", "recipient_id", "stream_id", "topic", "topic_key",
                                     "content", "rendered_content", "client", "date_sent")
       SELECT $1, ($3::int[])[1 + i % 2], CASE WHEN direct THEN $4 ELSE c."recipient_id" END,
              CASE WHEN direct THEN NULL ELSE c."id" END,
              CASE WHEN direct THEN '' ELSE 'topic ' || (i / $2) % 20 END,
              CASE WHEN direct THEN '' ELSE 'topic ' || (i / $2) % 20 END,
              body, '<p>' || body || '</p>', 'bench', now() - make_interval(secs => $6 - i)
         FROM generate_series($5::int, $6::int) AS i
         JOIN channels c ON c."n" = i % $2
         CROSS JOIN LATERAL (SELECT i % ${DIRECT_EVERY} = ${DIRECT_EVERY - 1} AS direct,
                              'message ' || i || ' about the weekly report and the ' ||
                              CASE WHEN i % ${NEEDLE_EVERY} = 0 THEN '${NEEDLE}' ELSE 'review' END ||
                              ' we discussed, number ' || (i % 97) AS body) AS t
       RETURNING "id")
     INSERT INTO "chat"."user_message" ("user_id", "message_id", "flags")
     SELECT u, m."id", 1 FROM m, unnest($3::int[]) AS u`,
    [seed.realmId, CHANNELS, seed.measured, seed.directRecipient, first, total],
  );
  await client.query(
    `UPDATE "chat"."user_message" SET "flags" = 0
      WHERE "message_id" > (SELECT max("id") FROM "chat"."message") - $1 AND "user_id" = ANY($2)`,
    [UNREAD, seed.measured],
  );
  log(`grew to ${total} messages in ${((performance.now() - started) / 1000).toFixed(1)} s; vacuuming`);
  await settleDatabase(client);
}

const figures = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), count: sorted.length };
};

// Closed loop, one request at a time.
async function measure(rounds, call) {
  const latencies = [];
  for (let i = 0; i < WARMUP + rounds; i += 1) {
    const started = performance.now();
    await call(i);
    if (i >= WARMUP) latencies.push(performance.now() - started);
  }
  return figures(latencies);
}

async function measureSize(seed) {
  const { owner, member } = seed;
  const newest = (narrow) => ({
    anchor: 'newest',
    num_before: '50',
    num_after: '0',
    narrow: JSON.stringify(narrow),
  });
  const result = {};
  result.register = await measure(ROUNDS.register, async (i) => {
    const account = i % 2 ? owner : member;
    const registered = await chatCall(account, 'POST', '/register');
    await chatCall(account, 'DELETE', '/events', { queue_id: registered.queue_id });
  });
  result.narrow = await measure(ROUNDS.narrow, (i) =>
    chatCall(
      member,
      'GET',
      '/messages',
      newest([{ operator: 'channel', operand: `channel ${1 + (i % CHANNELS)}` }]),
    ),
  );
  result['search (1% word)'] = await measure(ROUNDS.search, (i) =>
    chatCall(i % 2 ? owner : member, 'GET', '/messages', newest([{ operator: 'search', operand: NEEDLE }])),
  );
  result['search (absent word)'] = await measure(ROUNDS.search, (i) =>
    chatCall(i % 2 ? owner : member, 'GET', '/messages', newest([{ operator: 'search', operand: ABSENT }])),
  );
  result.send = await measure(ROUNDS.send, (i) =>
    chatCall(owner, 'POST', '/messages', {
      type: 'stream',
      to: `channel ${1 + (i % CHANNELS)}`,
      topic: 'sent',
      content: `sent ${i}`,
    }),
  );
  return result;
}

function report(bySize, loadAtStart) {
  const ms = (value) => `${value.toFixed(1)}`.padStart(8);
  const smallest = SIZES[0];
  const lines = [
    '',
    `chat-api at scale (${USERS} users, ${CHANNELS} channels; latency in ms, one request at a time)`,
    `  load average at start ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}, at end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (2 cores shared: above 2, figures are noisy)`,
  ];
  for (const operation of Object.keys(bySize.get(smallest))) {
    lines.push(`  ${operation}`);
    for (const size of SIZES) {
      const f = bySize.get(size)[operation];
      const ratio = f.p99 / bySize.get(smallest)[operation].p99;
      lines.push(
        `    ${String(size).padStart(7)} messages  p50 ${ms(f.p50)}  p99 ${ms(f.p99)}  p99 ${ratio.toFixed(2)}× at ${smallest}  n=${f.count}`,
      );
    }
    const largest = bySize.get(SIZES.at(-1))[operation];
    const growth = largest.p99 / bySize.get(smallest)[operation].p99;
    const verdicts = [
      `growth ${growth.toFixed(2)}× (target ≤ ${GROWTH_TARGET}×): ${growth <= GROWTH_TARGET ? 'PASS' : 'MISS'}`,
    ];
    if (operation.startsWith('search')) {
      const worst = Math.max(...SIZES.map((size) => bySize.get(size)[operation].p99));
      verdicts.push(
        `p99 ≤ ${SEARCH_TARGET_MS} ms at every size: ${worst <= SEARCH_TARGET_MS ? 'PASS' : 'MISS'}`,
      );
    }
    lines.push(`    ${verdicts.join('; ')}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main() {
  const loadAtStart = loadavg();
  log('building');
  await run(process.execPath, ['tools/build/build.mjs', '--quiet']);
  log(`creating database ${databaseName}`);
  await adminQueryOn(TEST_DATABASE_URL, `CREATE DATABASE "${databaseName}"`);
  databaseCreated = true;
  await run(process.execPath, ['dist/tools/db/src/main.js', 'run'], {
    DATABASE_URL: benchUrl,
    LOG_LEVEL: 'warn',
  });
  const appEnv = {
    DATABASE_URL: benchUrl,
    INTERNAL_AUTH_SECRET,
    LOG_LEVEL: 'warn',
    HOST,
    EVENT_BUS: 'memory',
  };
  const exited = new Promise((_, reject) =>
    launch('chat-api', 'dist/apps/chat-api/src/main.js', {
      ...appEnv,
      PORT: String(PORTS.chat),
      CHAT_SECRET_KEY: secret(),
      CHAT_RATE_LIMIT_REQUESTS: '100000000',
    }).once('exit', () => reject(new Error('chat-api exited'))),
  );
  launch('api-gateway', 'dist/apps/api-gateway/src/main.js', {
    ...appEnv,
    PORT: String(PORTS.gateway),
    CHAT_API_URL: `http://${HOST}:${PORTS.chat}`,
    QUOTE_SERVICE_URL: UNUSED_UPSTREAM,
    TRANSACTION_SERVICE_URL: UNUSED_UPSTREAM,
    KYC_SERVICE_URL: UNUSED_UPSTREAM,
    WEBHOOK_DISPATCHER_URL: UNUSED_UPSTREAM,
    API_KEY_PEPPER: secret(),
    OPS_API_KEY,
    WALLET_JWT_SECRET: secret(),
  });
  exited.catch(() => undefined);
  await Promise.all([
    waitUntilReady('chat-api', `http://${HOST}:${PORTS.chat}`, READY_TIMEOUT_MS, exited),
    waitUntilReady('api-gateway', `http://${HOST}:${PORTS.gateway}`, READY_TIMEOUT_MS, exited),
  ]);
  const client = new pg.Client({ connectionString: benchUrl });
  await client.connect();
  try {
    const seed = await setUp(client);
    const bySize = new Map();
    for (const size of SIZES) {
      log(`seeding up to ${size} messages`);
      await growTo(client, seed, size);
      log(`measuring at ${size} messages`);
      bySize.set(size, await measureSize(seed));
    }
    report(bySize, loadAtStart);
  } finally {
    await client.end();
  }
}

main()
  .catch((error) => {
    process.exitCode = 1;
    log(error.stack ?? String(error));
  })
  .finally(() => cleanup());
