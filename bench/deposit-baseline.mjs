// The baseline of bench/deposit.bench.mjs: one deposit's durable and chain work without the
// framework, in one process, with `pg`, `kafkajs`, `node:http` and the chains' SDKs. It watches
// the same simulators for the transfers into its own addresses and verifies a notified one with
// the same SDK calls as chain-watchers (deposit-baseline-chains.mjs), records each transfer and
// announces it through an outbox relayed to Kafka, funds the transaction from that event (or
// straight after a verified notify), pays out through the same rail simulator, and sends the
// two signed webhooks, PROCESSING_PAYMENT and PAYMENT_COMPLETED (deposit-baseline-pipeline.mjs).
// Same tables as the apps (schema `baseline`, created LIKE theirs by the bench), same Kafka
// client settings, pool sizes, watch and poll intervals. No sweeps, no look-backs, no traces, no
// metrics, no HTTP API but the notify: the floor.
//
//   DATABASE_URL=… KAFKA_BROKERS=… TOPIC_PREFIX=… WEBHOOK_URL=… WEBHOOK_SECRET=whsec_… PORT=… \
//   HORIZON_URL=… STELLAR_ACCOUNT=… STELLAR_ISSUER=… SOLANA_RPC_URL=… CELO_RPC_URL=… \
//   ASSETS='{"SOLANA":{"USDC":{"address":…,"decimals":6}},"CELO":{…}}' PIX_RAIL_URL=… BREB_RAIL_URL=… \
//     node bench/deposit-baseline.mjs
import { createServer } from 'node:http';
import { Kafka, Partitioners, logLevel } from 'kafkajs';
import pg from 'pg';
// The apps' correction of kafkajs's idle timer loop (built by the run), so both sides pay the same.
import { stopKafkaJsIdleLoop } from '../dist/libs/platform/messaging/src/kafkajs-idle-loop-fix.js';
import { watchCelo, watchSolana, watchStellar } from './deposit-baseline-chains.mjs';
import { BASELINE_TOPICS, depositPipeline } from './deposit-baseline-pipeline.mjs';

stopKafkaJsIdleLoop();

const REQUIRED = [
  'DATABASE_URL',
  'KAFKA_BROKERS',
  'WEBHOOK_URL',
  'WEBHOOK_SECRET',
  'HORIZON_URL',
  'STELLAR_ACCOUNT',
  'STELLAR_ISSUER',
  'SOLANA_RPC_URL',
  'CELO_RPC_URL',
  'ASSETS',
  'PIX_RAIL_URL',
  'BREB_RAIL_URL',
];
const missing = REQUIRED.filter((name) => !process.env[name]);
if (missing.length > 0) {
  process.stderr.write(`deposit-baseline: ${missing.join(', ')} required\n`);
  process.exit(2);
}
const env = process.env;
const PORT = Number(env.PORT ?? 3729);
const HOST = env.HOST ?? '127.0.0.1';
const TOPIC_PREFIX = env.TOPIC_PREFIX ?? '';
const ASSETS = JSON.parse(env.ASSETS);
// The apps' settings: DATABASE_POOL_SIZE 10 in each of chain-watchers, transaction-service and
// webhook-dispatcher; four partitions consumed at a time; the outbox polled every 200 ms besides
// the kick on commit; payouts polled every second.
const POOL_SIZE = 30;
const CONCURRENT_PARTITIONS = 4;
const RELAY_POLL_MS = 200;
const PAYOUT_POLL_MS = 1_000;
const STELLAR_STREAM = `stellar:payments:${env.STELLAR_ACCOUNT}`;
const CELO_STREAM = 'celo:deposit-accounts';

const log = (line) => process.stderr.write(`${line}\n`);
const pool = new pg.Pool({
  connectionString: env.DATABASE_URL,
  max: POOL_SIZE,
  application_name: 'baseline',
  statement_timeout: 15_000,
  connectionTimeoutMillis: 10_000,
});
const kafka = new Kafka({
  clientId: 'deposit-baseline',
  brokers: env.KAFKA_BROKERS.split(','),
  logLevel: logLevel.WARN,
});
const producer = kafka.producer({
  maxInFlightRequests: 1,
  createPartitioner: Partitioners.DefaultPartitioner,
});
const pipeline = depositPipeline({
  pool,
  producer,
  topicPrefix: TOPIC_PREFIX,
  webhookUrl: env.WEBHOOK_URL,
  webhookSecret: env.WEBHOOK_SECRET,
  rails: { PIX: env.PIX_RAIL_URL, BREB: env.BREB_RAIL_URL },
  log,
});
const consumers = [];

// ------------------------------------------------------------------ what is ours

// Each Solana and Celo transaction's own deposit address, as the bench set them.
const { rows: owned } = await pool.query(
  `SELECT id, blockchain, deposit_address, crypto_currency FROM baseline.transaction
    WHERE blockchain IN ('SOLANA', 'CELO')`,
);
const solanaAccounts = owned
  .filter((row) => row.blockchain === 'SOLANA')
  .map((row) => ({
    owner: row.deposit_address,
    mint: ASSETS.SOLANA[row.crypto_currency].address,
    cryptoCurrency: row.crypto_currency,
    transactionId: row.id,
  }));
const solanaAccountOf = new Map(solanaAccounts.map((account) => [account.transactionId, account]));
const celoAccountOf = new Map(
  owned
    .filter((row) => row.blockchain === 'CELO')
    .map((row) => [
      row.deposit_address.toLowerCase(),
      { transactionId: row.id, address: row.deposit_address },
    ]),
);
const recordedSignatures = new Set(
  (await pool.query(`SELECT on_chain_tx FROM baseline.seen_transfer WHERE blockchain = 'SOLANA'`)).rows.map(
    (row) => row.on_chain_tx,
  ),
);
const cursorOf = async (stream) =>
  (await pool.query('SELECT cursor FROM baseline.stream_cursor WHERE stream = $1', [stream])).rows[0]
    ?.cursor ?? null;

// ------------------------------------------------------------------ the chains

const failed = (what) => (error) => log(`deposit-baseline ${what}: ${error?.message ?? error}`);

async function recordSeen(fact, foundBy, cursor) {
  if (fact.blockchain === 'SOLANA') recordedSignatures.add(fact.onChainTx);
  return pipeline.recordTransfer(fact, foundBy, cursor);
}

const celoCursor = await cursorOf(CELO_STREAM);
const chains = {
  stellar: watchStellar({
    horizonUrl: env.HORIZON_URL,
    account: env.STELLAR_ACCOUNT,
    issuer: env.STELLAR_ISSUER,
    cursor: await cursorOf(STELLAR_STREAM),
    onTransfer: (fact, pagingToken) =>
      recordSeen(fact, 'stream', { stream: STELLAR_STREAM, value: pagingToken }),
    onError: failed('Stellar stream'),
  }),
  solana: watchSolana({
    rpcUrl: env.SOLANA_RPC_URL,
    accounts: () => solanaAccounts,
    isRecorded: (signature) => recordedSignatures.has(signature),
    onTransfer: recordSeen,
    onError: failed('Solana watch'),
  }),
  celo: watchCelo({
    rpcUrl: env.CELO_RPC_URL,
    tokens: Object.entries(ASSETS.CELO).map(([cryptoCurrency, token]) => ({ cryptoCurrency, ...token })),
    accountOf: (address) => celoAccountOf.get(address.toLowerCase()),
    cursor: celoCursor ? Number(celoCursor.split('@')[0]) : null,
    onTransfer: recordSeen,
    onCursor: (value) => pipeline.saveCursor(CELO_STREAM, value),
    onError: failed('Celo watch'),
  }),
};

// ------------------------------------------------------------------ the notify

// POST /payments/notify { blockchain, on_chain_tx, transaction_id }: the transfer verified on
// chain, recorded and announced, then the transaction funded, before the answer (202).
async function notify(body) {
  const { blockchain, on_chain_tx: onChainTx, transaction_id: transactionId } = body;
  const transfers =
    blockchain === 'SOLANA' && solanaAccountOf.has(transactionId)
      ? await chains.solana.verify(onChainTx, solanaAccountOf.get(transactionId))
      : blockchain === 'CELO'
        ? (await chains.celo.verify(onChainTx))?.filter((fact) => fact.transactionId === transactionId)
        : undefined;
  if (transfers === undefined) return 400;
  if (transfers === null) return 404;
  if (transfers.length === 0) return 422;
  for (const fact of transfers) {
    await recordSeen(fact, 'verify');
    await pipeline.fundNotified(fact);
  }
  return 202;
}

let ready = false;
const server = createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/payments/notify') {
    response.writeHead(ready ? 200 : 503).end();
    return;
  }
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    Promise.resolve()
      .then(() => notify(JSON.parse(Buffer.concat(chunks).toString())))
      .catch((error) => {
        failed('notify')(error);
        return 500;
      })
      .then((status) => response.writeHead(status).end());
  });
});
server.keepAliveTimeout = 5_000;
server.listen(PORT, HOST);

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

const detectedTopic = `${TOPIC_PREFIX}${BASELINE_TOPICS.detected}`;
const statusTopic = `${TOPIC_PREFIX}${BASELINE_TOPICS.statusChanged}`;
const admin = kafka.admin();
await admin.connect();
await admin.createTopics({
  topics: [detectedTopic, statusTopic].map((topic) => ({ topic, numPartitions: 3 })),
});
await admin.disconnect();
await producer.connect();
await consume('baseline-funding', detectedTopic, pipeline.fundFromEvent);
await consume('baseline-webhooks', statusTopic, pipeline.recordDelivery);
const polls = [
  setInterval(() => void pipeline.pollRelay().catch(failed('relay poll')), RELAY_POLL_MS),
  setInterval(pipeline.kickPayouts, PAYOUT_POLL_MS),
];
ready = true;

async function stop() {
  for (const poll of polls) clearInterval(poll);
  server.close();
  chains.stellar();
  await Promise.all([chains.solana.stop(), chains.celo.stop()]);
  await Promise.all(consumers.map((consumer) => consumer.disconnect()));
  await pipeline.settled();
  await producer.disconnect();
  await pool.end();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
