// A payout soak: every payout app as its own process on real PostgreSQL and Kafka (the
// distributed mode, bench/payout-deployment.mjs), N transactions accepted up front and paid on
// the simulated chains at an even pace, then, once the last is paid, a bounded wait for the
// platform to settle and the question the books ask: did every transfer that reached our
// addresses end funded, refunded or in front of an operator? It prints every paid transaction's
// final status, the ledger, the sweep backlog's drain, the webhooks and the Celo chain's clock,
// with PASS/MISS lines; it is a measurement, not a test (exit code 0 on a MISS).
//
//   eval "$(bash tools/infra/infra.sh env)"
//   npm run bench:payout-soak
//
// See bench/README.md for what is judged and how to read it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { coresUsed, log, machineTicks, quantile, realInfrastructure, stopOnSignals } from './bench-kit.mjs';
import { CHAINS, HOST, payoutDeployment } from './payout-deployment.mjs';

// ------------------------------------------------------------------ settings

const BASE_PORT = 3740;
const HOOK = '/hooks/soak';
// Transactions, and deposits per second over the three chains together (each chain takes one in
// turn).
const COUNT = Number(process.env.BENCH_SOAK_COUNT ?? 1000);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 3);
// How long after the last payment the platform may take to settle before it is judged as it is.
const SETTLE_LIMIT_S = Number(process.env.BENCH_SOAK_SETTLE_S ?? 600);
// The sweep backlog is back at zero within this long after the last payment.
const DRAIN_TARGET_S = 300;
// A sandbox chain whose block clock ran ahead of the wall clock dated deposits made in time as
// late and expired them: the Celo chain's latest block may be this far ahead at most.
const CELO_AHEAD_TOLERANCE_S = 5;
const ACCEPT_CONCURRENCY = 16;
// As bench:deposit: a wallet sends one transfer at a time; 8 per chain leave room for a tail.
const CUSTOMERS_PER_CHAIN = 8;
// A chain this far behind its schedule stops sending (three times the run's planned length).
const SEND_LIMIT_MS = ((3 * COUNT) / RATE) * 1000;
const POLL_MS = 2_000;
const SWEPT_CHAINS = ['SOLANA', 'CELO'];
// The partner's webhooks of a transaction that completes, in order.
const WEBHOOK_STATUSES = ['AWAITING_PAYMENT', 'PROCESSING_PAYMENT', 'PAYMENT_COMPLETED'];
const FINAL = new Set(['PAYMENT_COMPLETED', 'PAYMENT_FAILED', 'WRONG_AMOUNT', 'PAYMENT_EXPIRED']);

// ------------------------------------------------------------------ preconditions

realInfrastructure('payout-soak');
// Each app's output (<app>.log) and the run's raw figures (payout-soak.json).
const OUT_DIR = process.env.BENCH_SOAK_OUT_DIR ?? `/tmp/bench-payout-soak-${Date.now().toString(36)}`;
mkdirSync(OUT_DIR, { recursive: true });

const deployment = payoutDeployment({
  prefix: 'bench_soak',
  basePort: BASE_PORT,
  logDir: OUT_DIR,
  cpuProfileDir: process.env.BENCH_CPU_PROF,
});
stopOnSignals(deployment.cleanup);

// ------------------------------------------------------------------ what the platform shows

// chain-watchers' sweep gauges per swept chain, and its count of block times ahead of its clock.
async function sweepGauges() {
  const response = await fetch(`http://${HOST}:${deployment.appPort('chain-watchers')}/metrics`, {
    signal: AbortSignal.timeout(5_000),
  });
  // Samples as `name{label="value",…} number`, the labels in any order.
  const series = [...(await response.text()).matchAll(/^(\w+)(?:\{([^}]*)\})? (\S+)$/gm)].map(
    ([, name, labels = '', value]) => ({ name, labels, value: Number(value) }),
  );
  const gauge = (name, chain) =>
    series.find((sample) => sample.name === name && sample.labels.includes(`blockchain="${chain}"`))?.value ??
    NaN;
  const total = (name) =>
    series.filter((sample) => sample.name === name).reduce((sum, sample) => sum + sample.value, 0);
  return {
    backlog: Object.fromEntries(SWEPT_CHAINS.map((chain) => [chain, gauge('sweep_backlog', chain)])),
    oldestDueSeconds: Object.fromEntries(
      SWEPT_CHAINS.map((chain) => [chain, gauge('sweep_oldest_due_seconds', chain)]),
    ),
    blockTimeAhead: total('deposit_block_time_ahead_total'),
  };
}

// Seconds the Celo chain's latest block is ahead of the wall clock (negative: behind, as an idle
// chain is: a block is stamped with the second it is mined in).
async function celoAheadSeconds() {
  const block = await deployment.sandbox.evm.request('eth_getBlockByNumber', ['latest', false]);
  return Number(BigInt(block.timestamp)) - Math.floor(Date.now() / 1000);
}

// Every webhook the receiver got at HOOK, per transaction id, in arrival order; read on from
// where the last call stopped.
function webhookReader() {
  const byTransaction = new Map();
  let read = 0;
  return () => {
    const received = deployment.sandbox.webhookReceiver.received();
    for (const request of received.slice(read)) {
      if (request.path !== HOOK) continue;
      const body = JSON.parse(request.body);
      const id = body.data?.id;
      if (!id) continue;
      if (!byTransaction.has(id)) byTransaction.set(id, []);
      byTransaction.get(id).push({
        webhookId: body.id,
        type: body.type,
        status: body.data.status,
        sequence: body.data.sequence,
        receivedAt: request.receivedAt,
      });
    }
    read = received.length;
    return byTransaction;
  };
}

// Why a transaction's webhooks are not the three of a completed payout, once each, in sequence
// order; null when they are.
function webhookProblem(hooks = []) {
  if (hooks.length !== WEBHOOK_STATUSES.length)
    return `${hooks.length} webhooks (${hooks.map((hook) => hook.status).join(', ')})`;
  if (new Set(hooks.map((hook) => hook.webhookId)).size !== hooks.length) return 'a webhook delivered twice';
  if (hooks.some((hook, index) => hook.status !== WEBHOOK_STATUSES[index]))
    return `statuses ${hooks.map((hook) => hook.status).join(' → ')}`;
  if (hooks.some((hook, index) => index > 0 && hook.sequence <= hooks[index - 1].sequence))
    return `sequences ${hooks.map((hook) => hook.sequence).join(', ')} in arrival order`;
  return null;
}

const isZero = (amount) => amount === '0';

// ------------------------------------------------------------------ the run

async function main() {
  await deployment.prepare();
  await deployment.start({ customers: CUSTOMERS_PER_CHAIN });
  const partner = await deployment.ready(HOOK);
  log(`accepting ${COUNT} transactions (${ACCEPT_CONCURRENCY} at a time)`);
  const transactions = await deployment.acceptTransactions(partner, COUNT, ACCEPT_CONCURRENCY);
  await deployment.catalogueRead();

  // The sweep gauges and the Celo clock, sampled from the first payment until the end.
  const samples = [];
  const start = performance.now();
  const startedAt = Date.now();
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const at = (Date.now() - startedAt) / 1000;
      const [gauges, celoAhead] = await Promise.all([
        sweepGauges().catch(() => null),
        celoAheadSeconds().catch(() => NaN),
      ]);
      samples.push({ at, ...gauges, celoAhead });
      await sleep(POLL_MS);
    }
  })();

  log(
    `paying ${COUNT} at ${RATE}/s over ${CHAINS.join(', ')} in turn (${CUSTOMERS_PER_CHAIN} customer wallets per chain)`,
  );
  const loadBefore = loadavg();
  const before = { machine: machineTicks(), processes: deployment.processTicks(BENCH_PROCESS) };
  const paid = new Map(); // id → chain
  const failures = [];
  const lateness = [];
  let lastPaidAt = startedAt;
  await deployment.payAtPace(transactions, {
    partner,
    rate: RATE,
    customersPerChain: CUSTOMERS_PER_CHAIN,
    limitMs: SEND_LIMIT_MS,
    onDue: (_, lateMs) => lateness.push(lateMs),
    onPaid: (t) => {
      paid.set(t.id, t.chain);
      lastPaidAt = Date.now();
      if (paid.size % 100 === 0)
        log(`${paid.size} paid (${((performance.now() - start) / 1000).toFixed(0)} s)`);
    },
    onFailure: (t, error) => {
      // A notify that failed leaves the transfer on chain: it stays paid, for the watchers to find.
      failures.push({ id: t.id, chain: t.chain, error: error.message.split('\n')[0] });
      if (failures.length <= 3) log(`deposit for ${t.id} failed: ${failures.at(-1).error}`);
    },
  });
  const after = { machine: machineTicks(), processes: deployment.processTicks(BENCH_PROCESS) };
  const loadAfterSending = loadavg();
  const sendSeconds = (lastPaidAt - startedAt) / 1000;
  lateness.sort((a, b) => a - b);

  log(
    `last payment at ${sendSeconds.toFixed(0)} s; waiting up to ${SETTLE_LIMIT_S} s for the platform to settle`,
  );
  const client = new pg.Client({ connectionString: deployment.databaseUrl });
  await client.connect();
  const webhooks = webhookReader();
  const ids = [...paid.keys()];
  const readState = async () => {
    const { rows } = await client.query(
      'SELECT id, status FROM "transaction"."transaction" WHERE id = ANY($1)',
      [ids],
    );
    const ledger = await deployment.call('GET', '/ops/ledger', undefined, deployment.ops);
    return { statuses: new Map(rows.map((row) => [row.id, row.status])), ledger, hooks: webhooks() };
  };
  const drained = () => {
    // The first sample after the last payment from which every later one reads zero everywhere.
    let since = null;
    for (const sample of samples) {
      if (sample.at * 1000 < lastPaidAt - startedAt) continue;
      const zero =
        sample.backlog &&
        SWEPT_CHAINS.every((chain) => sample.backlog[chain] === 0 && sample.oldestDueSeconds[chain] === 0);
      since = zero ? (since ?? sample) : null;
    }
    return since;
  };
  const settled = ({ statuses, ledger, hooks }) =>
    ids.every((id) => FINAL.has(statuses.get(id)) && webhookProblem(hooks.get(id)) === null) &&
    ledger.entries.every((entry) => isZero(entry.difference) && isZero(entry.refundsInFlight)) &&
    drained() !== null;
  const deadline = lastPaidAt + SETTLE_LIMIT_S * 1000;
  let state = await readState();
  let lastProgress = Date.now();
  while (!settled(state) && Date.now() < deadline) {
    await deployment.whileAlive(sleep(5_000));
    state = await readState();
    if (Date.now() - lastProgress >= 30_000) {
      lastProgress = Date.now();
      const completed = ids.filter((id) => state.statuses.get(id) === 'PAYMENT_COMPLETED').length;
      const latest = samples.at(-1);
      log(
        `${((Date.now() - lastPaidAt) / 1000).toFixed(0)} s after the last payment: ${completed} of ${ids.length} completed, sweep backlog ${SWEPT_CHAINS.map((chain) => `${chain} ${latest?.backlog?.[chain]}`).join(', ')}`,
      );
    }
  }
  const settledAfter = (Date.now() - lastPaidAt) / 1000;
  // A last sample, so a drain that just ended is seen.
  await sleep(POLL_MS);
  sampling = false;
  await sampler;
  const { rows: refunds } = await client.query(
    'SELECT reason, status, count(*)::int AS count FROM "transaction".refund GROUP BY reason, status ORDER BY reason, status',
  );
  const { rows: statusCounts } = await client.query(
    'SELECT status, count(*)::int AS count FROM "transaction"."transaction" GROUP BY status ORDER BY status',
  );
  await client.end();
  const finalGauges = await sweepGauges();
  const celoAheadAtEnd = await celoAheadSeconds();

  report({
    transactions,
    paid,
    failures,
    lateness,
    sendSeconds,
    state,
    samples,
    drainedAt: drained(),
    lastPaidS: (lastPaidAt - startedAt) / 1000,
    settledAfter,
    refunds,
    statusCounts,
    finalGauges,
    celoAheadAtEnd,
    load: { before: loadBefore, afterSending: loadAfterSending, atEnd: loadavg() },
    cpu: coresUsed(before, after),
  });
}

const BENCH_PROCESS = 'bench (sandbox + sender)';

// ------------------------------------------------------------------ the report

function report(run) {
  const { paid, state, samples } = run;
  const perChain = Object.fromEntries(
    CHAINS.map((chain) => [
      chain,
      { paid: 0, completed: 0, other: {}, examples: [], webhooksOk: 0, webhookExamples: [] },
    ]),
  );
  const webhookProblems = [];
  for (const [id, chain] of paid) {
    const figures = perChain[chain];
    figures.paid += 1;
    const status = state.statuses.get(id) ?? 'MISSING';
    if (status === 'PAYMENT_COMPLETED') figures.completed += 1;
    else {
      figures.other[status] = (figures.other[status] ?? 0) + 1;
      if (figures.examples.length < 3) figures.examples.push(`${id} ${status}`);
    }
    const problem = webhookProblem(state.hooks.get(id));
    if (problem === null) figures.webhooksOk += 1;
    else {
      webhookProblems.push({ id, chain, problem });
      if (figures.webhookExamples.length < 3) figures.webhookExamples.push(`${id}: ${problem}`);
    }
  }
  const completed = Object.values(perChain).reduce((sum, figures) => sum + figures.completed, 0);
  const webhooksOk = Object.values(perChain).reduce((sum, figures) => sum + figures.webhooksOk, 0);
  const entries = state.ledger.entries;
  const ledgerZero = entries.length > 0 && entries.every((entry) => isZero(entry.difference));
  const peak = Object.fromEntries(
    SWEPT_CHAINS.map((chain) => [
      chain,
      Math.max(0, ...samples.map((sample) => sample.backlog?.[chain] ?? 0)),
    ]),
  );
  const oldestPeak = Object.fromEntries(
    SWEPT_CHAINS.map((chain) => [
      chain,
      Math.max(0, ...samples.map((sample) => sample.oldestDueSeconds?.[chain] ?? 0)),
    ]),
  );
  const drainSeconds = run.drainedAt ? Math.max(0, run.drainedAt.at - run.lastPaidS) : null;
  const celoAheadMax = Math.max(...samples.map((sample) => sample.celoAhead).filter(Number.isFinite));
  const expiredRefunds = run.refunds
    .filter((row) => row.reason === 'EXPIRED')
    .reduce((sum, row) => sum + row.count, 0);
  const expiredTransactions = [...paid.keys()].filter(
    (id) => state.statuses.get(id) === 'PAYMENT_EXPIRED',
  ).length;
  const verdict = (ok) => (ok ? 'PASS' : 'MISS');
  const f = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '—');
  const loads = (values) => values.map((value) => value.toFixed(2)).join(' ');
  const column = (values, widths) =>
    values.map((value, index) => String(value).padStart(widths[index])).join('  ');

  const statusWidths = [8, 5, 17, 8, 12];
  const ledgerWidths = [8, 4, 12, 12, 10, 10, 10, 12, 12, 10];
  const lines = [
    `machine: ${cpus().length} cores; load average (1/5/15 min) ${loads(run.load.before)} before paying, ${loads(run.load.afterSending)} after the last payment, ${loads(run.load.atEnd)} at the end; ${f(run.cpu.busy * 100, 0)}% busy while paying`,
    `cores used while paying: ${Object.entries(run.cpu.cores)
      .map(([name, cores]) => `${name} ${cores.toFixed(2)}`)
      .join(', ')}`,
    `payments: ${COUNT} due at ${RATE}/s over ${CHAINS.join(', ')} in turn; ${paid.size} paid in ${f(run.sendSeconds)} s (${f(paid.size / run.sendSeconds, 2)}/s), ${run.failures.length} failed (transfer or notify)`,
    `send lateness (start of a transfer − its due time): p50 ${f(quantile(run.lateness, 0.5))} ms, p99 ${f(quantile(run.lateness, 0.99))} ms, max ${f(run.lateness.at(-1) ?? NaN)} ms`,
    `settled ${f(run.settledAfter, 0)} s after the last payment (limit ${SETTLE_LIMIT_S} s); gateway 502s sent again: ${deployment.gatewayRetries}`,
    '',
    'final status of every paid transaction',
    `  ${column(['chain', 'paid', 'PAYMENT_COMPLETED', 'other', 'webhooks ok'], statusWidths)}`,
    ...CHAINS.map((chain) => {
      const figures = perChain[chain];
      const other = Object.values(figures.other).reduce((sum, count) => sum + count, 0);
      return `  ${column([chain, figures.paid, figures.completed, other, figures.webhooksOk], statusWidths)}`;
    }),
    ...CHAINS.flatMap((chain) => [
      ...perChain[chain].examples.map((example) => `  ${chain} not completed: ${example}`),
      ...perChain[chain].webhookExamples.map((example) => `  ${chain} webhooks: ${example}`),
    ]),
    `  every transaction of the database: ${run.statusCounts.map((row) => `${row.status} ${row.count}`).join(', ')}`,
    `  refunds: ${run.refunds.map((row) => `${row.reason}/${row.status} ${row.count}`).join(', ') || 'none'}`,
    '',
    `the books (GET /ops/ledger, ${state.ledger.generatedAt})`,
    `  ${column(['chain', 'cur', 'received', 'funded', 'refunded', 'inFlight', 'held', 'swept', 'treasury', 'difference'], ledgerWidths)}`,
    ...entries.map(
      (entry) =>
        `  ${column(
          [
            entry.blockchain,
            entry.cryptoCurrency,
            entry.received,
            entry.funded,
            entry.refunded,
            entry.refundsInFlight,
            entry.held,
            entry.sweptToTreasury,
            entry.treasuryFunded,
            entry.difference,
          ],
          ledgerWidths,
        )}`,
    ),
    '',
    `sweep backlog (chain-watchers /metrics, every ${POLL_MS / 1000} s): peak ${SWEPT_CHAINS.map((chain) => `${chain} ${peak[chain]} addresses (oldest ${oldestPeak[chain]} s)`).join(', ')}; at the end ${SWEPT_CHAINS.map((chain) => `${chain} ${run.finalGauges.backlog[chain]} (oldest ${run.finalGauges.oldestDueSeconds[chain]} s)`).join(', ')}; drained ${drainSeconds === null ? 'never' : `${f(drainSeconds, 0)} s after the last payment`}`,
    `Celo block clock: the latest block ${run.celoAheadAtEnd > 0 ? `${run.celoAheadAtEnd} s ahead of` : `${-run.celoAheadAtEnd} s behind`} the wall clock at the end (behind: the chain idle since its last block), at most ${f(celoAheadMax, 0)} s ahead in any sample; chain-watchers' deposit_block_time_ahead_total ${run.finalGauges.blockTimeAhead}`,
    `expired: ${expiredRefunds} refunds for EXPIRED, ${expiredTransactions} paid transactions PAYMENT_EXPIRED`,
    '',
    `every paid transaction PAYMENT_COMPLETED: ${completed} of ${paid.size}, ${run.failures.length} payments failed: ${verdict(completed === paid.size && run.failures.length === 0 && paid.size === COUNT)}`,
    `the books: every difference "0" (${entries.length} entries): ${verdict(ledgerZero)}`,
    `sweep backlog at 0 on ${SWEPT_CHAINS.join(' and ')} within ${DRAIN_TARGET_S} s of the last payment: ${drainSeconds === null ? 'not drained' : `${f(drainSeconds, 0)} s`}: ${verdict(drainSeconds !== null && drainSeconds <= DRAIN_TARGET_S)}`,
    `webhooks: three per transaction (created, processing, completed) in sequence order: ${webhooksOk} of ${paid.size}: ${verdict(webhooksOk === paid.size)}`,
    `Celo block clock at most ${CELO_AHEAD_TOLERANCE_S} s ahead of the wall clock: ${f(celoAheadMax, 0)} s: ${verdict(celoAheadMax <= CELO_AHEAD_TOLERANCE_S)}`,
    `no paid transaction refunded as expired: ${expiredRefunds}: ${verdict(expiredRefunds === 0 && expiredTransactions === 0)}`,
    '',
    `app logs and raw figures: ${OUT_DIR}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  writeFileSync(
    `${OUT_DIR}/payout-soak.json`,
    JSON.stringify(
      {
        settings: {
          count: COUNT,
          rate: RATE,
          settleLimitS: SETTLE_LIMIT_S,
          customersPerChain: CUSTOMERS_PER_CHAIN,
        },
        load: run.load,
        cpu: run.cpu,
        sendSeconds: run.sendSeconds,
        lastPaidS: run.lastPaidS,
        settledAfterS: run.settledAfter,
        failures: run.failures,
        perChain,
        statusCounts: run.statusCounts,
        refunds: run.refunds,
        ledger: state.ledger,
        drainSeconds,
        finalGauges: run.finalGauges,
        celoAheadAtEnd: run.celoAheadAtEnd,
        expiredRefunds,
        expiredTransactions,
        webhookProblems,
        samples,
        transactions: run.transactions.map(({ id, chain }) => ({
          id,
          chain,
          paid: paid.has(id),
          status: state.statuses.get(id) ?? null,
          webhooks: state.hooks.get(id) ?? [],
        })),
      },
      null,
      2,
    ),
  );
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
