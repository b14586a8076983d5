// The baseline of bench/deposit.bench.mjs: the durable steps of one deposit without the framework,
// in one process, with `pg`, `kafkajs` and `node:http`. It consumes the detected deposit from
// Kafka; in one database transaction it records the inbox row, locks the transaction, records the
// deposit, moves the transaction to PROCESSING_PAYMENT with its journal row and writes the outbox
// row; a relay publishes the outbox to Kafka; a second consumer group records the webhook delivery
// (with its inbox row) and POSTs the signed webhook, then records the attempt. Same tables as the
// apps (schema `baseline`, created LIKE theirs by the bench), same Kafka client settings, same
// pool sizes. No verification on chain, no payout scheduling, no metrics, no HTTP API: the floor.
//
//   DATABASE_URL=… KAFKA_BROKERS=… TOPIC_PREFIX=… WEBHOOK_URL=… WEBHOOK_SECRET=whsec_… PORT=… \
//     node bench/deposit-baseline.mjs
import { createHmac, randomUUID } from 'node:crypto';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { Kafka, Partitioners, logLevel } from 'kafkajs';
import pg from 'pg';
// The apps' correction of kafkajs's idle timer loop (built by the run), so both sides pay the same.
import { stopKafkaJsIdleLoop } from '../dist/libs/platform/messaging/src/kafkajs-idle-loop-fix.js';

stopKafkaJsIdleLoop();

const { DATABASE_URL, KAFKA_BROKERS, TOPIC_PREFIX = '', WEBHOOK_URL, WEBHOOK_SECRET } = process.env;
const PORT = Number(process.env.PORT ?? 3729);
const HOST = process.env.HOST ?? '127.0.0.1';
if (!DATABASE_URL || !KAFKA_BROKERS || !WEBHOOK_URL || !WEBHOOK_SECRET) {
  process.stderr.write(
    'deposit-baseline: DATABASE_URL, KAFKA_BROKERS, WEBHOOK_URL and WEBHOOK_SECRET are required\n',
  );
  process.exit(2);
}

const BASELINE_TOPICS = {
  detected: 'baseline.chain.deposit.detected.v1',
  statusChanged: 'baseline.payout.transaction.status-changed.v1',
};
const DETECTED = `${TOPIC_PREFIX}${BASELINE_TOPICS.detected}`;
const STATUS_CHANGED = `${TOPIC_PREFIX}${BASELINE_TOPICS.statusChanged}`;
// The apps' settings: DATABASE_POOL_SIZE 10 in each of transaction-service and webhook-dispatcher,
// four partitions consumed at a time, the outbox polled every 200 ms besides the kick on commit.
const POOL_SIZE = 20;
const CONCURRENT_PARTITIONS = 4;
const RELAY_POLL_MS = 200;
const RELAY_BATCH = 200;
const ENDPOINT_ID = randomUUID();

const pool = new pg.Pool({
  connectionString: DATABASE_URL,
  max: POOL_SIZE,
  application_name: 'baseline',
  statement_timeout: 15_000,
  connectionTimeoutMillis: 10_000,
});
const kafka = new Kafka({
  clientId: 'deposit-baseline',
  brokers: KAFKA_BROKERS.split(','),
  logLevel: logLevel.WARN,
});
const producer = kafka.producer({
  maxInFlightRequests: 1,
  createPartitioner: Partitioners.DefaultPartitioner,
});
const consumers = [];
const webhookAgent = new Agent({ keepAlive: true });
const webhookKey = Buffer.from(WEBHOOK_SECRET.replace(/^whsec_/, ''), 'base64');

async function inTransaction(work) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

// The inbox row that makes a redelivered event a no-op: false when it was handled already.
async function firstTime(db, consumer, eventId, topic) {
  const { rowCount } = await db.query({
    name: 'inbox',
    text: `INSERT INTO baseline.inbox_message (consumer, event_id, topic, processed_at)
           VALUES ($1, $2, $3, clock_timestamp()) ON CONFLICT DO NOTHING`,
    values: [consumer, eventId, topic],
  });
  return rowCount === 1;
}

const header = (message, name) => message.headers?.[name]?.toString();

// ------------------------------------------------------------------ funding

const LOCK_TRANSACTION = `SELECT id, partner_id, user_id, quote_id, status, reference, crypto_currency, blockchain,
  payment_method, target_currency, source_amount::text, target_amount::text, event_sequence,
  $2::numeric >= source_amount AS covered
  FROM baseline.transaction
  WHERE id = COALESCE($1::uuid, (SELECT id FROM baseline.transaction WHERE reference = $3))
    AND deposit_address = $4 AND status = 'AWAITING_PAYMENT'
  FOR UPDATE`;
const INSERT_DEPOSIT = `INSERT INTO baseline.deposit (id, blockchain, on_chain_tx, transfer_index, transaction_id,
  crypto_currency, asset, deposit_address, sender, amount, memo, outcome, source, confirmed_at, recorded_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'FUNDED', 'STREAM', $12, clock_timestamp())
  ON CONFLICT DO NOTHING`;
const MOVE = `WITH moved AS (UPDATE baseline.transaction
    SET status = 'PROCESSING_PAYMENT', event_sequence = event_sequence + 1, status_changed_at = $2,
        on_chain_tx_hash = $3
    WHERE id = $1 RETURNING id, event_sequence)
  INSERT INTO baseline.transaction_journal (transaction_id, sequence, idempotency_key, change, from_status,
    to_status, occurred_at)
  SELECT id, event_sequence, $4, 'STATUS', 'AWAITING_PAYMENT', 'PROCESSING_PAYMENT', $2 FROM moved`;
const INSERT_OUTBOX = `INSERT INTO baseline.outbox_message (event_id, topic, message_key, payload, correlation_id,
  occurred_at, xid) VALUES ($1, $2, $3, $4, $5, $6, pg_current_xact_id()::text::bigint)`;

async function fund(message) {
  const eventId = header(message, 'event-id');
  const transfer = JSON.parse(message.value.toString());
  const funded = await inTransaction(async (db) => {
    if (!(await firstTime(db, 'baseline-funding', eventId, BASELINE_TOPICS.detected))) return false;
    const {
      rows: [target],
    } = await db.query({
      name: 'lock',
      text: LOCK_TRANSACTION,
      values: [transfer.transactionId, transfer.amount, transfer.memo, transfer.depositAddress],
    });
    // Every transfer the bench sends funds its transaction: anything else is a broken run, left
    // undelivered (the bench counts it) rather than retried for ever.
    if (!target?.covered) {
      process.stderr.write(`deposit-baseline: ${transfer.onChainTx} matches no awaiting transaction\n`);
      return false;
    }
    const recorded = await db.query({
      name: 'deposit',
      text: INSERT_DEPOSIT,
      values: [
        randomUUID(),
        transfer.blockchain,
        transfer.onChainTx,
        transfer.transferIndex,
        target.id,
        transfer.cryptoCurrency,
        transfer.asset,
        transfer.depositAddress,
        transfer.sender,
        transfer.amount,
        transfer.memo,
        transfer.confirmedAt,
      ],
    });
    if (recorded.rowCount === 0) return false;
    const now = new Date();
    const sequence = target.event_sequence + 1;
    await db.query({
      name: 'move',
      text: MOVE,
      values: [
        target.id,
        now,
        transfer.onChainTx,
        `deposit:${transfer.blockchain}:${transfer.onChainTx}:${transfer.transferIndex}`,
      ],
    });
    const event = {
      transactionId: target.id,
      partnerId: target.partner_id,
      userId: target.user_id,
      sequence,
      change: 'STATUS',
      status: 'PROCESSING_PAYMENT',
      previousStatus: 'AWAITING_PAYMENT',
      transactionReference: target.reference,
      onChainTxHash: transfer.onChainTx,
      quote: {
        id: target.quote_id,
        cryptoCurrency: target.crypto_currency,
        network: target.blockchain,
        paymentMethod: target.payment_method,
        sourceAmount: target.source_amount,
        targetAmount: target.target_amount,
        targetCurrency: target.target_currency,
      },
      refund: null,
      occurredAt: now.toISOString(),
    };
    // The event's id is its correlation id too, as for an event no request caused.
    const statusEventId = randomUUID();
    await db.query({
      name: 'outbox',
      text: INSERT_OUTBOX,
      values: [
        statusEventId,
        BASELINE_TOPICS.statusChanged,
        target.id,
        JSON.stringify(event),
        statusEventId,
        now,
      ],
    });
    return true;
  });
  if (funded) kickRelay();
}

// ------------------------------------------------------------------ outbox relay

let relaying = null;
let kickedMeanwhile = false;
function kickRelay() {
  if (relaying) {
    kickedMeanwhile = true;
    return;
  }
  relaying = relayAll()
    .catch((error) => process.stderr.write(`deposit-baseline relay: ${error.message}\n`))
    .finally(() => {
      relaying = null;
      if (kickedMeanwhile) {
        kickedMeanwhile = false;
        kickRelay();
      }
    });
}

// Oldest first, marked published only once the broker acknowledged them (at least once).
async function relayAll() {
  for (;;) {
    const published = await inTransaction(async (db) => {
      const { rows } = await db.query({
        name: 'unpublished',
        text: `SELECT position, event_id, message_key, payload::text, correlation_id, occurred_at, xid
               FROM baseline.outbox_message WHERE published_at IS NULL ORDER BY position LIMIT $1
               FOR UPDATE SKIP LOCKED`,
        values: [RELAY_BATCH],
      });
      if (rows.length === 0) return 0;
      await producer.send({
        topic: STATUS_CHANGED,
        acks: -1,
        messages: rows.map((row) => ({
          key: row.message_key,
          value: row.payload,
          headers: {
            'event-id': row.event_id,
            'occurred-at': row.occurred_at.toISOString(),
            'correlation-id': row.correlation_id,
            xid: String(row.xid),
          },
        })),
      });
      await db.query({
        name: 'published',
        text: 'UPDATE baseline.outbox_message SET published_at = clock_timestamp() WHERE position = ANY($1)',
        values: [rows.map((row) => row.position)],
      });
      return rows.length;
    });
    if (published < RELAY_BATCH) return;
  }
}

// ------------------------------------------------------------------ webhooks

const INSERT_DELIVERY = `INSERT INTO baseline.webhook_delivery (id, partner_id, endpoint_id, event_id, event_type,
  transaction_id, sequence, body, status, next_attempt_at, created_at)
  VALUES ($1, $2, $3, $4, 'transaction.updated', $5, $6, $7, 'PENDING', $8, $8)
  ON CONFLICT DO NOTHING`;
const RECORD_ATTEMPT = `WITH attempt AS (INSERT INTO baseline.webhook_attempt (id, delivery_id, started_at,
    duration_ms, outcome, status_code) VALUES ($1, $2, $3, $4, $5, $6))
  UPDATE baseline.webhook_delivery SET status = $7, attempt_count = attempt_count + 1, last_attempt_at = $3,
    last_status_code = $6, last_outcome = $5, delivered_at = $8,
    next_attempt_at = NULL
  WHERE id = $2`;

async function recordDelivery(message) {
  const eventId = header(message, 'event-id');
  const event = JSON.parse(message.value.toString());
  const delivery = await inTransaction(async (db) => {
    if (!(await firstTime(db, 'baseline-webhooks', eventId, BASELINE_TOPICS.statusChanged))) return null;
    const id = randomUUID();
    const body = JSON.stringify({
      id,
      type: 'transaction.updated',
      created_at: event.occurredAt,
      data: {
        id: event.transactionId,
        status: event.status,
        previous_status: event.previousStatus,
        sequence: event.sequence,
        transaction_reference: event.transactionReference,
        on_chain_tx_hash: event.onChainTxHash,
        user_id: event.userId,
        quote: {
          id: event.quote.id,
          crypto_currency: event.quote.cryptoCurrency,
          network: event.quote.network,
          payment_method: event.quote.paymentMethod,
          source_amount: event.quote.sourceAmount,
          target_amount: event.quote.targetAmount,
          target_currency: event.quote.targetCurrency,
        },
        refund: null,
      },
    });
    await db.query({
      name: 'delivery',
      text: INSERT_DELIVERY,
      values: [
        id,
        event.partnerId,
        ENDPOINT_ID,
        eventId,
        event.transactionId,
        event.sequence,
        body,
        new Date(),
      ],
    });
    return { id, body };
  });
  // Sent once committed, as the dispatcher's worker does; the consumer does not wait for it.
  if (delivery)
    void attempt(delivery).catch((error) =>
      process.stderr.write(`deposit-baseline webhook: ${error.message}\n`),
    );
}

// Standard Webhooks: `v1,<base64 HMAC-SHA256 of id.timestamp.body>`.
function post(id, body) {
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', webhookKey).update(`${id}.${timestamp}.${body}`).digest('base64');
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      WEBHOOK_URL,
      {
        method: 'POST',
        agent: webhookAgent,
        timeout: 10_000,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': `v1,${signature}`,
        },
      },
      (response) => {
        response.resume();
        response.once('end', () => resolve(response.statusCode));
      },
    );
    outgoing.once('timeout', () => outgoing.destroy(new Error('webhook timed out')));
    outgoing.once('error', reject);
    outgoing.end(body);
  });
}

async function attempt({ id, body }) {
  const startedAt = new Date();
  const status = await post(id, body).catch(() => null);
  const delivered = status !== null && status >= 200 && status < 300;
  await pool.query({
    name: 'attempt',
    text: RECORD_ATTEMPT,
    values: [
      randomUUID(),
      id,
      startedAt,
      Date.now() - startedAt.getTime(),
      delivered ? 'SUCCESS' : 'FAILED',
      status,
      delivered ? 'DELIVERED' : 'PENDING',
      delivered ? startedAt : null,
    ],
  });
}

// ------------------------------------------------------------------ start and stop

// The apps' consumer settings (libs/platform/messaging, KafkaEventBus.subscribe).
async function consume(groupId, topic, handle) {
  const consumer = kafka.consumer({
    groupId,
    sessionTimeout: 30_000,
    rebalanceTimeout: 3_000,
    heartbeatInterval: 1_000,
  });
  consumers.push(consumer);
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  await consumer.run({
    partitionsConsumedConcurrently: CONCURRENT_PARTITIONS,
    eachMessage: ({ message }) => handle(message),
  });
}

let ready = false;
const health = createServer((request, response) => {
  response.writeHead(ready ? 200 : 503).end();
});
health.listen(PORT, HOST);

const admin = kafka.admin();
await admin.connect();
await admin.createTopics({
  topics: [DETECTED, STATUS_CHANGED].map((topic) => ({ topic, numPartitions: 3 })),
});
await admin.disconnect();
await producer.connect();
await consume('baseline-funding', DETECTED, fund);
await consume('baseline-webhooks', STATUS_CHANGED, recordDelivery);
const poll = setInterval(kickRelay, RELAY_POLL_MS);
ready = true;

async function stop() {
  clearInterval(poll);
  health.close();
  await Promise.all(consumers.map((consumer) => consumer.disconnect()));
  await relaying;
  await producer.disconnect();
  await pool.end();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
