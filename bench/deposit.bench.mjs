// Deposits under load: every payout app as its own process on real PostgreSQL and Kafka (the
// distributed mode), the sandbox chains and rails in this process. N transactions are accepted
// up front, then paid on the simulated chains at an even pace, and each deposit is followed from
// its detection to PROCESSING_PAYMENT committed to the partner's first webhook about it, and on
// to its payout and the PAYMENT_COMPLETED webhook. Then bench/deposit-baseline.mjs, the same
// chain and durable work bare, is paid copies of the same transactions at its own addresses, at
// the same pace. Prints figures and PASS/MISS against the targets; a measurement, not a test.
//
//   eval "$(bash tools/infra/infra.sh env)"
//   npm run bench:deposit
//
// See bench/README.md for what is measured and how to read it.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { Keypair } from '@solana/web3.js';
import { Wallet } from 'ethers';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
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
  waitUntilReady,
} from './bench-kit.mjs';
import { APPS, CHAINS, dist, HOST, payoutDeployment } from './payout-deployment.mjs';

// ------------------------------------------------------------------ settings (fixed on purpose)

const BASE_PORT = 3720;
const BASELINE_PORT = BASE_PORT + APPS.length + 1;
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
// Same-run targets (issue 33): the project's processes' CPU per deposit at most TARGET_CPU_RATIO
// times the baseline's, the detection → first webhook p99 at most TARGET_P99_RATIO times; every
// Kafka hop's p50 at most this long.
const TARGET_CPU_RATIO = 1.5;
const TARGET_P99_RATIO = 2;
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
stopOnSignals(() => {
  continueSystem();
  return deployment.cleanup();
});

// ------------------------------------------------------------------ helpers

// CPU jiffies (utime + stime, /proc/<pid>/stat) of every child and of this process (the sandbox
// chains and the load generator), so the figures say who used the cores while sending.
const processTicks = () => deployment.processTicks(BENCH_PROCESS);

const ms = (value) => `${value.toFixed(1)} ms`;

// ------------------------------------------------------------------ the run

async function main() {
  await deployment.prepare();
  await createBaselineTables();
  // One customer wallet more than pay: the last one's Stellar account is the baseline's deposit
  // address, which chain-watchers does not stream.
  await deployment.start({ customers: CUSTOMERS_PER_CHAIN + 1 });
  const partner = await deployment.ready(SYSTEM_HOOK);

  log(`accepting ${WARMUP + COUNT} transactions (${ACCEPT_CONCURRENCY} at a time)`);
  const transactions = await deployment.acceptTransactions(partner, WARMUP + COUNT, ACCEPT_CONCURRENCY);
  // The baseline funds copies of the same transactions, still awaiting their deposit, paid at
  // addresses of its own.
  const baselineTargets = await copyForBaseline(transactions);
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

  log('waiting for every PROCESSING_PAYMENT and PAYMENT_COMPLETED webhook');
  const firstWebhook = await webhooksWith(SYSTEM_HOOK, PROCESSING, measuredIds, sent - failed);
  const completed = await webhooksWith(SYSTEM_HOOK, COMPLETED, measuredIds, firstWebhook.size);
  const systemCpu = cpuMsPerDeposit(before.processes, APP_NAMES, completed.size);

  const client = new pg.Client({ connectionString: benchUrl });
  await client.connect();
  const rows = (await client.query(depositTimes(SYSTEM_TABLES))).rows.filter((row) =>
    measuredIds.has(row.id),
  );
  if (LOG_DIR) {
    const dump = rows.map((row) => ({
      ...row,
      notified: notified.get(row.id),
      webhook: firstWebhook.get(row.id),
    }));
    writeFileSync(`${LOG_DIR}/deposits.json`, JSON.stringify(dump));
  }
  const system = pipelineFigures(withDetection(rows, notified, firstWebhook));
  const lastWebhook = Math.max(...firstWebhook.values());
  const sustained = firstWebhook.size / ((lastWebhook - startedAt) / 1000);

  pauseSystem();
  const baseline = await runBaseline(client, transactions, baselineTargets);
  await client.end();

  const benchCores = processCores[BENCH_PROCESS];
  // A baseline that did not deliver every deposit is no yardstick: every ratio is then a MISS.
  const baselineWhole = baseline.delivered === baseline.measured && baseline.completed === baseline.measured;
  const verdict = (ok) =>
    ok && baselineWhole ? 'PASS' : baselineWhole ? 'MISS' : 'MISS (baseline incomplete)';
  const cpuRatio = systemCpu / baseline.cpu;
  const p99Ratio = system.toWebhook.p99 / baseline.toWebhook.p99;
  const allDelivered =
    completed.size === COUNT &&
    baseline.delivered === baseline.measured &&
    baseline.completed === baseline.measured;
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
      'first webhook (PROCESSING_PAYMENT) received',
      `${firstWebhook.size} of ${COUNT}`,
      `${baseline.delivered} of ${baseline.measured}`,
    ),
    tableRow(
      'PAYMENT_COMPLETED webhook received',
      `${completed.size} of ${COUNT}`,
      `${baseline.completed} of ${baseline.measured}`,
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
    `CPU per deposit ${cpuRatio.toFixed(2)}× the baseline's (target ≤ ${TARGET_CPU_RATIO}×; ${completed.size} / ${baseline.completed} deposits paid out): ${verdict(cpuRatio <= TARGET_CPU_RATIO)}`,
    `detection → first webhook p99 ${p99Ratio.toFixed(2)}× the baseline's (target ≤ ${TARGET_P99_RATIO}× at half the system's max rate, every deposit delivered; ${system.toWebhook.count} / ${baseline.toWebhook.count} samples): ${verdict(p99Ratio <= TARGET_P99_RATIO && allDelivered)}`,
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
    }
    // A notify's verification funds the transaction itself; the detected event comes after it.
    if (d.funding_consumed_at && d.funding_consumed_at <= d.processing_at)
      hop(HOP.committed, d.funding_consumed_at, d.processing_at);
    else hop(HOP.notified, d.detected, d.processing_at);
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

const PROCESSING = 'PROCESSING_PAYMENT';
const COMPLETED = 'PAYMENT_COMPLETED';

// Waits (GRACE_MS at most) until the receiver got a webhook with `status` at `path` for
// `expected` of `ids`: when the first one for each arrived.
async function webhooksWith(path, status, ids, expected) {
  const first = new Map();
  const deadline = Date.now() + GRACE_MS;
  while (Date.now() < deadline) {
    for (const request of deployment.sandbox.webhookReceiver.received()) {
      if (request.path !== path) continue;
      const body = JSON.parse(request.body);
      if (body.data?.status === status && ids.has(body.data.id) && !first.has(body.data.id))
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

// ------------------------------------------------------------------ one pipeline at a time

// The system's processes are this process's children until the baseline starts. They are stopped
// (SIGSTOP) while the baseline runs and continued before cleanup: as the baseline does not run
// during the system's deposits, the system's idle work (watches, polls, heartbeats) does not run
// during the baseline's, and each pipeline has the machine with only the sandbox beside it.
let pausedSystem = [];

function childPids() {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // "pid (comm) state ppid …"
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

function pauseSystem() {
  pausedSystem = childPids();
  for (const pid of pausedSystem) process.kill(pid, 'SIGSTOP');
}

function continueSystem() {
  for (const pid of pausedSystem) {
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      // exited meanwhile
    }
  }
  pausedSystem = [];
}

// ------------------------------------------------------------------ each deposit's timestamps

// Where each pipeline writes the rows that time its hops.
const SYSTEM_TABLES = {
  transaction: '"transaction"."transaction"',
  deposit: '"transaction"."deposit"',
  seen: 'chain_watchers.seen_transfer',
  detectedOutbox: 'chain_watchers.outbox_message',
  detectedTopic: 'chain.deposit.detected.v1',
  fundingInbox: '"transaction".inbox_message',
  journal: '"transaction"."transaction_journal"',
  statusOutbox: '"transaction".outbox_message',
  statusTopic: 'payout.transaction.status-changed.v1',
  webhookInbox: 'webhook_dispatcher.inbox_message',
  delivery: 'webhook_dispatcher.webhook_delivery',
  attempt: 'webhook_dispatcher.webhook_attempt',
};
const BASELINE_TABLES_READ = {
  transaction: 'baseline.transaction',
  deposit: 'baseline.deposit',
  seen: 'baseline.seen_transfer',
  detectedOutbox: 'baseline.outbox_message',
  detectedTopic: 'baseline.chain.deposit.detected.v1',
  fundingInbox: 'baseline.inbox_message',
  journal: 'baseline.transaction_journal',
  statusOutbox: 'baseline.outbox_message',
  statusTopic: 'baseline.payout.transaction.status-changed.v1',
  webhookInbox: 'baseline.inbox_message',
  delivery: 'baseline.webhook_delivery',
  attempt: 'baseline.webhook_attempt',
};

// Each funded deposit's hops, written by the pipeline itself: the seen row of the transfer, the
// outbox row of the detected deposit, the funding consumer's inbox row for it, the journal's move,
// the outbox row of the status change, the webhook consumer's inbox row and its first attempt.
const depositTimes = (t) => `
  SELECT t.id, s.detected_at, cw.published_at AS detection_published_at,
         ti.processed_at AS funding_consumed_at, j.occurred_at AS processing_at,
         tso.published_at AS status_published_at, wi.processed_at AS webhook_consumed_at,
         (SELECT min(a.started_at) FROM ${t.attempt} a JOIN ${t.delivery} wd ON wd.id = a.delivery_id
           WHERE wd.event_id = tso.event_id::text) AS attempted_at
    FROM ${t.transaction} t
    JOIN ${t.deposit} d ON d.transaction_id = t.id
    LEFT JOIN ${t.seen} s ON s.on_chain_tx = d.on_chain_tx AND s.transfer_index = d.transfer_index
    LEFT JOIN ${t.detectedOutbox} cw ON cw.topic = '${t.detectedTopic}'
          AND cw.message_key = s.blockchain || ':' || s.on_chain_tx
    LEFT JOIN ${t.fundingInbox} ti ON ti.event_id = cw.event_id::text
    JOIN ${t.journal} j ON j.transaction_id = t.id AND j.to_status = 'PROCESSING_PAYMENT'
    LEFT JOIN ${t.statusOutbox} tso ON tso.topic = '${t.statusTopic}'
          AND tso.message_key = t.id::text AND tso.payload->>'status' = 'PROCESSING_PAYMENT'
    LEFT JOIN ${t.webhookInbox} wi ON wi.event_id = tso.event_id::text`;

// Detection: the first the pipeline heard of a transfer, its own detection (Stellar's stream, or
// the watch of a Solana or Celo deposit address) or the wallet's notify, whichever came first (a
// transfer the notify's verification found has its seen row stamped after the notify).
const withDetection = (rows, notified, webhooks) =>
  rows.map((row) => {
    const first = Math.min(row.detected_at?.getTime() ?? Infinity, notified.get(row.id) ?? Infinity);
    return {
      ...row,
      detected: Number.isFinite(first) ? first : undefined,
      webhook: webhooks.get(row.id),
    };
  });

// ------------------------------------------------------------------ the baseline

// The tables of the apps the baseline writes, created LIKE theirs (columns, defaults, indexes).
const BASELINE_TABLES = {
  seen_transfer: 'chain_watchers.seen_transfer',
  stream_cursor: 'chain_watchers.stream_cursor',
  transaction: '"transaction"."transaction"',
  deposit: '"transaction"."deposit"',
  transaction_journal: '"transaction"."transaction_journal"',
  payout: '"transaction"."payout"',
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

// Copies the accepted transactions, still awaiting their deposit, into baseline.transaction, each
// paid at an address of the baseline's own (chain-watchers watches none of them): on Stellar the
// spare customer's account (the memo names the transaction), on Solana and Celo a fresh one per
// transaction. Answers each transaction's deposit target for the baseline, by id.
async function copyForBaseline(transactions) {
  const { customerRole, stellarSandboxKeypair } = await dist('tools/sandbox/src/sandbox-wallets.js');
  const stellarAccount = stellarSandboxKeypair(customerRole(CUSTOMERS_PER_CHAIN)).publicKey();
  const addressOn = {
    STELLAR: () => stellarAccount,
    SOLANA: () => Keypair.generate().publicKey.toBase58(),
    CELO: () => new Wallet(`0x${randomBytes(32).toString('hex')}`).address,
  };
  const targets = new Map(
    transactions.map(({ id, chain, target }) => [id, { ...target, depositAddress: addressOn[chain]() }]),
  );
  await adminQuery(benchUrl, 'INSERT INTO baseline.transaction SELECT * FROM "transaction"."transaction"');
  await updateBaseline(
    'deposit_address',
    [...targets].map(([id, target]) => [id, target.depositAddress]),
  );
  return { stellarAccount, targets };
}

// Sets `column` of baseline.transaction to `value` (an expression of v.value) from [id, value]
// pairs (ids and addresses or keys: no quotes).
async function updateBaseline(column, pairs, value = 'v.value') {
  if (pairs.length === 0) return;
  const values = pairs.map(([id, value]) => `('${id}'::uuid, '${value}')`).join(', ');
  await adminQuery(
    benchUrl,
    `UPDATE baseline.transaction t SET ${column} = ${value} FROM (VALUES ${values}) AS v(id, value) WHERE t.id = v.id`,
  );
}

const notifyAgent = new Agent({ keepAlive: true, maxSockets: 64 });

// POST /payments/notify to the baseline, as the wallet's notify to the gateway.
function notifyBaseline(body) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: HOST,
        port: BASELINE_PORT,
        path: '/payments/notify',
        method: 'POST',
        agent: notifyAgent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        response.resume();
        response.once('end', () =>
          response.statusCode === 202
            ? resolve()
            : reject(new Error(`notify answered ${response.statusCode}`)),
        );
      },
    );
    outgoing.once('error', reject);
    outgoing.end(payload);
  });
}

// Pays each transaction's baseline target as payAtPace pays the system's (the i-th due at start +
// i/RATE, each chain's customer wallets one transfer at a time), notifying the baseline of the
// Solana and Celo transfers; `onNotified(t)` as a notify goes out.
async function payBaselineAtPace(transactions, { onNotified, onFailure }) {
  const { payDepositTarget } = await dist('tools/sandbox/src/deposits/pay-deposit-target.js');
  const start = performance.now();
  const notifies = [];
  await deployment.whileAlive(
    Promise.all(
      CHAINS.flatMap((chain) => {
        const queue = transactions.map((t, index) => ({ ...t, index })).filter((t) => t.chain === chain);
        return Array.from({ length: CUSTOMERS_PER_CHAIN }, async (_, customer) => {
          for (let next = queue.shift(); next; next = queue.shift()) {
            if (performance.now() - start > SEND_LIMIT_MS) break;
            const due = start + (next.index * 1000) / RATE;
            if (due > performance.now()) await sleep(due - performance.now());
            try {
              const receipt = await payDepositTarget(next.target, { customer });
              if (chain === 'STELLAR') continue;
              onNotified(next);
              notifies.push(
                notifyBaseline({
                  blockchain: chain,
                  on_chain_tx: receipt.onChainTx,
                  transaction_id: next.id,
                }).catch((error) => onFailure(next, error)),
              );
            } catch (error) {
              onFailure(next, error);
            }
          }
        });
      }),
    ),
  );
  await Promise.all(notifies);
}

// Starts the baseline once the system's run is over, pays copies of the same transactions at its
// addresses at the same rate (warm-up first, left out of the figures), and reads its timestamps
// as for the system.
async function runBaseline(client, transactions, { stellarAccount, targets }) {
  const { sandbox } = deployment;
  // The recipients the system paid out to, in plain UTF-8: the copies' account numbers are
  // encrypted with transaction-service's key.
  const recipients = [...sandbox.pix.payouts(), ...sandbox.breb.payouts()];
  await updateBaseline(
    'account_number',
    recipients.map(({ reference, recipientKey }) => [reference, recipientKey]),
    "convert_to(v.value, 'UTF8')",
  );
  deployment.launch(
    'baseline',
    {
      DATABASE_URL: benchUrl,
      KAFKA_BROKERS,
      TOPIC_PREFIX: `${databaseName}.`,
      WEBHOOK_URL: `${sandbox.webhookReceiver.url}${BASELINE_HOOK}`,
      WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
      HORIZON_URL: sandbox.horizon.url,
      STELLAR_ACCOUNT: stellarAccount,
      STELLAR_ISSUER: sandbox.horizon.issuers.USDC,
      SOLANA_RPC_URL: sandbox.solana.url,
      CELO_RPC_URL: sandbox.evm.url,
      ASSETS: JSON.stringify({
        SOLANA: {
          USDC: { address: sandbox.solana.mints.USDC.mint, decimals: 6 },
          USDT: { address: sandbox.solana.mints.USDT.mint, decimals: 6 },
        },
        CELO: {
          USDC: { address: sandbox.evm.tokens.USDC, decimals: 6 },
          USDT: { address: sandbox.evm.tokens.USDT, decimals: 6 },
        },
      }),
      PIX_RAIL_URL: sandbox.pix.url,
      BREB_RAIL_URL: sandbox.breb.url,
      HOST,
      PORT: String(BASELINE_PORT),
    },
    'bench/deposit-baseline.mjs',
  );
  await deployment.whileAlive(
    waitUntilReady('baseline', `http://${HOST}:${BASELINE_PORT}`, 90_000, new Promise(() => undefined)),
  );
  const measured = new Set(transactions.slice(WARMUP).map(({ id }) => id));
  log(`baseline: paying copies of the ${transactions.length} transactions at its own addresses at ${RATE}/s`);
  let before = null;
  const sampleTicks = setTimeout(() => (before = processTicks()), WARMUP_SECONDS * 1000);
  const notified = new Map();
  let failed = 0;
  await payBaselineAtPace(
    transactions.map((t) => ({ ...t, target: targets.get(t.id) })),
    {
      onNotified: (t) => notified.set(t.id, Date.now()),
      onFailure: (t, error) => {
        failed += 1;
        if (failed <= 3) log(`baseline deposit for ${t.id} failed: ${error.message.split('\n')[0]}`);
      },
    },
  );
  clearTimeout(sampleTicks);
  const webhooks = await webhooksWith(BASELINE_HOOK, PROCESSING, measured, measured.size);
  const completed = await webhooksWith(BASELINE_HOOK, COMPLETED, measured, webhooks.size);
  const cpu = cpuMsPerDeposit(before ?? processTicks(), ['baseline'], completed.size);
  const funded = (await client.query(depositTimes(BASELINE_TABLES_READ))).rows.filter((row) =>
    measured.has(row.id),
  );
  return {
    measured: measured.size,
    funded: funded.length,
    delivered: webhooks.size,
    completed: completed.size,
    cpu,
    ...pipelineFigures(withDetection(funded, notified, webhooks)),
  };
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  log(error.stack ?? String(error));
  exitCode = 1;
} finally {
  continueSystem();
  await deployment.cleanup();
}
process.exit(exitCode);
