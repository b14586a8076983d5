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
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Kafka, Partitioners, logLevel } from 'kafkajs';
import pg from 'pg';
import {
  adminQuery,
  CLK_TCK,
  coresUsed,
  log,
  machineTicks,
  quantile,
  realInfrastructure,
  stopOnSignals,
} from './bench-kit.mjs';
import { APPS, CHAINS, HOST, payoutDeployment } from './payout-deployment.mjs';

// ------------------------------------------------------------------ settings (fixed on purpose)

const BASE_PORT = 3720;
const BASELINE_PORT = BASE_PORT + APPS.length + 1;
// bench/deposit-baseline.mjs consumes this topic (under the run's prefix); the bench feeds it.
const BASELINE_DETECTED_TOPIC = 'baseline.chain.deposit.detected.v1';
const BASELINE_HOOK = '/hooks/baseline';
const SYSTEM_HOOK = '/hooks/bench';
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

// ------------------------------------------------------------------ preconditions

const { KAFKA_BROKERS } = realInfrastructure('deposit');

// Optional: each app's output in <dir>/<app>.log and every deposit's timestamps in
// <dir>/deposits.json, to look into a run afterwards.
const LOG_DIR = process.env.BENCH_DEPOSIT_LOG_DIR;
if (LOG_DIR) mkdirSync(LOG_DIR, { recursive: true });

const deployment = payoutDeployment({
  prefix: 'bench_deposit',
  basePort: BASE_PORT,
  logDir: LOG_DIR,
  // Optional: every app runs under `node --cpu-prof` and writes a .cpuprofile there when stopped
  // (read it with bench/cpu-profile-summary.mjs).
  cpuProfileDir: process.env.BENCH_CPU_PROF,
});
const { databaseName, databaseUrl: benchUrl } = deployment;
stopOnSignals(deployment.cleanup);

// ------------------------------------------------------------------ helpers

// CPU jiffies (utime + stime, /proc/<pid>/stat) of every child and of this process (the sandbox
// chains and the load generator), so the figures say who used the cores while sending.
const processTicks = () => deployment.processTicks(BENCH_PROCESS);

const ms = (value) => `${value.toFixed(1)} ms`;

// ------------------------------------------------------------------ the run

async function main() {
  await deployment.prepare();
  await createBaselineTables();
  await deployment.start({ customers: CUSTOMERS_PER_CHAIN });
  const { sandbox } = deployment;
  deployment.launch(
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
  const partner = await deployment.ready(SYSTEM_HOOK, { baseline: BASELINE_PORT });

  log(`accepting ${WARMUP + COUNT} transactions (${ACCEPT_CONCURRENCY} at a time)`);
  const transactions = await deployment.acceptTransactions(partner, WARMUP + COUNT, ACCEPT_CONCURRENCY);
  // The baseline funds copies of the same transactions, still awaiting their deposit.
  await adminQuery(benchUrl, 'INSERT INTO baseline.transaction SELECT * FROM "transaction"."transaction"');
  await deployment.catalogueRead();

  // A deposit is due at start + i/RATE; when every customer wallet of its chain is busy it goes
  // late, which shows in the send rate and the lateness printed.
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
  const reading = () => ({ machine: machineTicks(), processes: processTicks() });
  let before = reading();
  const sampleTicks = setTimeout(() => (before = reading()), WARMUP_SECONDS * 1000);
  let failed = 0;
  let sent = 0;
  let lastSent = measureStart;
  const lateness = [];
  const transferMs = Object.fromEntries(CHAINS.map((chain) => [chain, []]));
  const measured = ({ index }) => index >= WARMUP;
  await deployment.payAtPace(transactions, {
    partner,
    rate: RATE,
    customersPerChain: CUSTOMERS_PER_CHAIN,
    limitMs: SEND_LIMIT_MS,
    onDue: (t, lateMs) => {
      if (!measured(t)) return;
      lateness.push(lateMs);
      sent += 1;
    },
    onPaid: (t, took) => {
      if (!measured(t)) return;
      lastSent = performance.now();
      transferMs[t.chain].push(took);
    },
    onNotified: (t) => notified.set(t.id, Date.now()),
    onFailure: (t, error) => {
      if (measured(t)) failed += 1;
      if (failed <= 3) log(`deposit for ${t.id} failed: ${error.message.split('\n')[0]}`);
    },
  });
  clearTimeout(sampleTicks);
  const sendSeconds = (lastSent - measureStart) / 1000;
  const after = reading();
  const { busy, cores: processCores } = coresUsed(before, after);
  lateness.sort((a, b) => a - b);

  log('waiting for every PROCESSING_PAYMENT webhook');
  const firstWebhook = await firstWebhooks(SYSTEM_HOOK, measuredIds, sent - failed);
  const systemCpu = cpuMsPerDeposit(before.processes, APP_NAMES, firstWebhook.size);

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

  const benchCores = processCores[BENCH_PROCESS];
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
    `cores used while sending: ${Object.entries(processCores)
      .map(([name, cores]) => `${name} ${cores.toFixed(2)}`)
      .join(', ')}`,
    `sandbox and sender (this process): ${((benchCores / cpus().length) * 100).toFixed(0)}% of the machine (${benchCores.toFixed(2)} cores)`,
    `deposits: ${COUNT} due at ${RATE}/s over ${SECONDS} s; ${sent} sent in ${sendSeconds.toFixed(1)} s (send rate achieved ${(sent / sendSeconds).toFixed(1)}/s), ${failed} failed to send`,
    `send lateness (start of a transfer − its due time): p50 ${ms(quantile(lateness, 0.5))}, p99 ${ms(quantile(lateness, 0.99))}, max ${ms(lateness.at(-1) ?? NaN)}`,
    `one transfer, sent to confirmed (p50 / p99): ${CHAINS.map((chain) => {
      const sorted = transferMs[chain].sort((a, b) => a - b);
      return `${chain} ${ms(quantile(sorted, 0.5))} / ${ms(quantile(sorted, 0.99))}`;
    }).join(', ')}`,
    `gateway 502s sent again: ${deployment.gatewayRetries}`,
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
    for (const request of deployment.sandbox.webhookReceiver.received()) {
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
  await adminQuery(
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
  await deployment.cleanup();
}
process.exit(exitCode);
