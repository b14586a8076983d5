// The typing baseline of bench/chat.bench.mjs: POST /api/v1/typing (direct) without the framework.
// A bare node:http server authenticates as chat-api does (HTTP Basic, the API key's HMAC with the
// key derived from CHAT_SECRET_KEY, the account read whole by that hash and the realm by id, each
// kept for a second as chat-api's caches do), reads the recipients the same way (kept a second),
// and publishes the typing event on Kafka in batches gathered for 20 ms, as chat-api's broadcaster
// does; a consumer of its own reads the events back, as chat-api's fan-out does (no queue is
// registered, so nothing is delivered). No validation pipes, no rate limiter, no metrics.
//
//   DATABASE_URL=… CHAT_SECRET_KEY=… [KAFKA_BROKERS=… TOPIC=…] PORT=… node bench/chat-baseline-server.mjs
import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { Kafka, Partitioners, logLevel } from 'kafkajs';
import pg from 'pg';
// The apps' correction of kafkajs's idle timer loop (built by the run), so both sides pay the same.
import { stopKafkaJsIdleLoop } from '../dist/libs/platform/messaging/src/kafkajs-idle-loop-fix.js';

stopKafkaJsIdleLoop();

const { DATABASE_URL, CHAT_SECRET_KEY, KAFKA_BROKERS, TOPIC = 'baseline.chat.events.v1' } = process.env;
const PORT = Number(process.env.PORT ?? 3732);
const HOST = process.env.HOST ?? '127.0.0.1';
if (!DATABASE_URL || !CHAT_SECRET_KEY) {
  process.stderr.write('chat-baseline-server: DATABASE_URL and CHAT_SECRET_KEY are required\n');
  process.exit(2);
}

// chat-api's settings: a pool of 10, accounts, realms and recipients kept a second, events
// gathered for 20 ms (at most 500) before one produce request.
const POOL_SIZE = 10;
const CACHE_MS = 1_000;
const BATCH_WINDOW_MS = 20;
const MAX_BATCH = 500;
const API_KEY_PATTERN = /^[A-Za-z0-9]{32}$/;

const pool = new pg.Pool({ connectionString: DATABASE_URL, max: POOL_SIZE, application_name: 'baseline' });
const hmacKey = Buffer.from(
  hkdfSync('sha256', Buffer.from(CHAT_SECRET_KEY, 'utf8'), 'chat-api', 'api-key-hmac', 32),
);

// Reads kept for CACHE_MS, the read itself shared by the requests arriving meanwhile.
const cache = new Map();
function cached(key, read) {
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expiresAt > now) return hit.value;
  const value = read();
  cache.set(key, { value, expiresAt: now + CACHE_MS });
  return value;
}
const one = (text, values) => pool.query({ name: text, text, values }).then(({ rows }) => rows[0] ?? null);
const account = (hash) =>
  cached(`key:${hash}`, () => one('SELECT * FROM "chat"."user_profile" WHERE "api_key_hash" = $1', [hash]));
const realm = (id) => cached(`realm:${id}`, () => one('SELECT * FROM "chat"."realm" WHERE "id" = $1', [id]));
const person = (realmId, id) =>
  cached(`user:${realmId}:${id}`, () =>
    one('SELECT * FROM "chat"."user_profile" WHERE "realm_id" = $1 AND "id" = $2', [realmId, id]),
  );

class Refusal extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function authenticate(header) {
  const [scheme, encoded] = (header ?? '').split(' ');
  if (scheme !== 'Basic' || !encoded) throw new Refusal(401, 'Missing authorization');
  const text = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  const email = text.slice(0, colon).trim().toLowerCase();
  const key = text.slice(colon + 1).trim();
  if (!API_KEY_PATTERN.test(key)) throw new Refusal(401, 'Malformed API key');
  const user = await account(createHmac('sha256', hmacKey).update(key).digest('hex'));
  if (!user || user.email_key !== email) throw new Refusal(401, 'Invalid API key');
  const found = await realm(user.realm_id);
  if (!found || found.deactivated) throw new Refusal(401, 'This organization has been deactivated');
  if (!user.is_active) throw new Refusal(401, 'Account is deactivated');
  return user;
}

// ------------------------------------------------------------------ the bus

const kafka = KAFKA_BROKERS
  ? new Kafka({ clientId: 'chat-baseline', brokers: KAFKA_BROKERS.split(','), logLevel: logLevel.WARN })
  : null;
const producer = kafka?.producer({
  maxInFlightRequests: 1,
  createPartitioner: Partitioners.DefaultPartitioner,
});
const consumer = kafka?.consumer({ groupId: `chat-baseline-${randomUUID()}` });
let pending = [];
let timer = null;

function flush() {
  clearTimeout(timer);
  timer = null;
  const batch = pending;
  pending = [];
  if (batch.length === 0 || !producer) return;
  producer
    .send({ topic: TOPIC, acks: -1, messages: batch })
    .catch((error) => process.stderr.write(`chat-baseline-server: typing not published: ${error.message}\n`));
}

function broadcast(realmId, event) {
  const id = randomUUID();
  pending.push({
    key: String(realmId),
    value: JSON.stringify(event),
    headers: { 'event-id': id, 'occurred-at': new Date().toISOString(), 'correlation-id': id },
  });
  if (pending.length >= MAX_BATCH) flush();
  else timer ??= setTimeout(flush, BATCH_WINDOW_MS);
}

// ------------------------------------------------------------------ POST /api/v1/typing (direct)

async function typing(user, form) {
  const op = form.get('op');
  if (op !== 'start' && op !== 'stop') throw new Refusal(400, "Invalid 'op'");
  let to;
  try {
    to = JSON.parse(form.get('to') ?? '');
  } catch {
    throw new Refusal(400, "Missing 'to' argument");
  }
  if (!Array.isArray(to) || to.length === 0) throw new Refusal(400, "Empty 'to' list");
  const ids = [...new Set([...to, user.id])];
  const recipients = await Promise.all(ids.map((id) => person(user.realm_id, id)));
  recipients.forEach((recipient, index) => {
    if (!recipient) throw new Refusal(400, `Invalid user ID ${ids[index]}`);
  });
  const userIds = recipients.filter((recipient) => recipient.is_active).map((recipient) => recipient.id);
  const personOf = (p) => ({ user_id: p.id, email: p.email });
  broadcast(user.realm_id, {
    realmId: user.realm_id,
    userIds,
    event: {
      type: 'typing',
      op,
      message_type: 'direct',
      sender: personOf(user),
      recipients: recipients.map(personOf),
    },
  });
}

function send(response, status, body) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/health/ready')
    return send(response, 200, { status: 'ok' });
  if (request.method !== 'POST' || request.url !== '/api/v1/typing') {
    request.resume();
    return send(response, 404, { result: 'error', msg: 'Not found' });
  }
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    authenticate(request.headers.authorization)
      .then((user) => typing(user, new URLSearchParams(Buffer.concat(chunks).toString('utf8'))))
      .then(
        () => send(response, 200, { result: 'success', msg: '' }),
        (error) =>
          send(response, error instanceof Refusal ? error.status : 500, {
            result: 'error',
            msg: error.message,
          }),
      );
  });
});
server.keepAliveTimeout = 65_000;

if (kafka) {
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ topics: [{ topic: TOPIC, numPartitions: 3 }] });
  await admin.disconnect();
  await producer.connect();
  await consumer.connect();
  await consumer.subscribe({ topics: [TOPIC], fromBeginning: false });
  // The fan-out's read: every event parsed; with no queue registered it reaches nobody.
  await consumer.run({ eachMessage: async ({ message }) => void JSON.parse(message.value.toString()) });
}
server.listen(PORT, HOST); // silent: the orchestrator polls /health/ready

async function stop() {
  server.close();
  flush();
  await consumer?.disconnect();
  await producer?.disconnect();
  await pool.end();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
