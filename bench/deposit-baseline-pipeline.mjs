// The durable steps of bench/deposit-baseline.mjs, on tables created LIKE the apps' (schema
// `baseline`) with `pg`, the outbox relayed to Kafka with `kafkajs`:
// - a transfer seen on chain: its seen_transfer row and, the first time, the detected-deposit
//   outbox row (and the stream's cursor), in one transaction, as chain-watchers records it;
// - funding, from the detected event (with its inbox row) or straight after a verified notify, as
//   transaction-service funds: the transaction locked, the deposit, the move to
//   PROCESSING_PAYMENT with its journal and outbox rows, the payout row;
// - the payout, as transaction-service's worker pays it: claimed, sent to the rail simulator,
//   polled every second until settled, then PAYMENT_COMPLETED with its journal and outbox rows;
// - each status change, as webhook-dispatcher delivers it: the inbox row and the delivery, the
//   Standard Webhooks-signed POST, the attempt.
import { createHmac, randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';

export const BASELINE_TOPICS = {
  detected: 'baseline.chain.deposit.detected.v1',
  statusChanged: 'baseline.payout.transaction.status-changed.v1',
};
// transaction-service's settings in the bench: payouts polled every PAYOUT_RETRY_MS (the rails
// get no callback URL), 20 claimed at a time under a lease of 2 × RAIL_TIMEOUT_MS.
const PAYOUT_RETRY_MS = 1_000;
const PAYOUT_BATCH = 20;
const RAIL_TIMEOUT_MS = 10_000;
const PAYOUT_LEASE_MS = 2 * RAIL_TIMEOUT_MS;
const RELAY_BATCH = 200;
const ENDPOINT_ID = randomUUID();
const REFUSED_BY_RAIL = new Set([400, 422]);

// `work` run once at a time: a kick while it runs runs it once more after.
function serialised(work, onError) {
  let running = null;
  let kickedMeanwhile = false;
  const kick = () => {
    if (running) {
      kickedMeanwhile = true;
      return;
    }
    running = work()
      .catch(onError)
      .finally(() => {
        running = null;
        if (kickedMeanwhile) {
          kickedMeanwhile = false;
          kick();
        }
      });
  };
  return { kick, settled: () => running };
}

// A request over a kept-alive connection: { status, body (parsed when JSON), text }.
function requestJson(agent, url, { method, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      {
        method,
        agent,
        timeout: RAIL_TIMEOUT_MS,
        headers: {
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
          ...headers,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.once('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: response.statusCode, body: parseOrUndefined(text), text });
        });
      },
    );
    outgoing.once('timeout', () => outgoing.destroy(new Error(`${method} ${url} timed out`)));
    outgoing.once('error', reject);
    outgoing.end(body);
  });
}

function parseOrUndefined(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const header = (message, name) => message.headers?.[name]?.toString();

// ------------------------------------------------------------------ statements

const INSERT_SEEN = `INSERT INTO baseline.seen_transfer (id, blockchain, on_chain_tx, transfer_index, crypto_currency,
  asset, deposit_address, sender, amount, kind, memo, memo_problem, found_by, confirmed_at, detected_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'DEPOSIT', $10, NULL, $11, $12, clock_timestamp())
  ON CONFLICT DO NOTHING`;
const SAVE_CURSOR = `INSERT INTO baseline.stream_cursor (stream, cursor, updated_at) VALUES ($1, $2, clock_timestamp())
  ON CONFLICT (stream) DO UPDATE SET cursor = excluded.cursor, updated_at = excluded.updated_at`;
const LOCK_TRANSACTION = `SELECT id, status, payment_method, target_currency, target_amount::text,
  $2::numeric >= source_amount AS covered
  FROM baseline.transaction
  WHERE id = COALESCE($1::uuid, (SELECT id FROM baseline.transaction WHERE reference = $3))
    AND deposit_address = $4
  FOR UPDATE`;
const INSERT_DEPOSIT = `INSERT INTO baseline.deposit (id, blockchain, on_chain_tx, transfer_index, transaction_id,
  crypto_currency, asset, deposit_address, sender, amount, memo, outcome, source, confirmed_at, recorded_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'FUNDED', $12, $13, clock_timestamp())
  ON CONFLICT DO NOTHING`;
// The move, its journal row, and what the status-changed event says, in one statement.
const MOVE = `WITH moved AS (UPDATE baseline.transaction
    SET status = $3::varchar, event_sequence = event_sequence + 1, status_changed_at = $4::timestamptz,
        on_chain_tx_hash = COALESCE($5::varchar, on_chain_tx_hash)
    WHERE id = $1::uuid AND status = $2::varchar RETURNING *),
  journal AS (INSERT INTO baseline.transaction_journal (transaction_id, sequence, idempotency_key, change,
    from_status, to_status, occurred_at)
    SELECT id, event_sequence, $6::varchar, 'STATUS', $2::varchar, $3::varchar, $4::timestamptz FROM moved)
  SELECT id, partner_id, user_id, quote_id, reference, crypto_currency, blockchain, payment_method,
    target_currency, trim_scale(source_amount)::text AS source_amount,
    trim_scale(target_amount)::text AS target_amount, event_sequence, on_chain_tx_hash FROM moved`;
const INSERT_OUTBOX = `INSERT INTO baseline.outbox_message (event_id, topic, message_key, payload, correlation_id,
  occurred_at, xid) VALUES ($1, $2, $3, $4, $5, $6, pg_current_xact_id()::text::bigint)`;
const INSERT_PAYOUT = `INSERT INTO baseline.payout (transaction_id, rail, amount, currency, status, rail_reference,
  failure_reason, attempts, next_attempt_at, created_at, updated_at)
  VALUES ($1, $2, $3, $4, 'PENDING', NULL, NULL, 0, $5::timestamptz, $5::timestamptz, $5::timestamptz)
  ON CONFLICT DO NOTHING`;
const CLAIM_PAYOUTS = `UPDATE baseline.payout p
    SET next_attempt_at = $1::timestamptz + $2::int * interval '1 millisecond', attempts = p.attempts + 1,
        updated_at = $1
  FROM baseline.transaction t
  WHERE t.id = p.transaction_id AND p.transaction_id IN (
    SELECT transaction_id FROM baseline.payout
    WHERE status IN ('PENDING', 'SUBMITTED') AND next_attempt_at <= $1
    ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)
  RETURNING p.transaction_id, p.rail, trim_scale(p.amount)::text AS amount, p.currency, p.rail_reference,
    convert_from(t.account_number, 'UTF8') AS account_number`;
const SAVE_PAYOUT = `UPDATE baseline.payout SET status = $2, rail_reference = COALESCE($3, rail_reference),
  failure_reason = $4, next_attempt_at = $5, updated_at = $6 WHERE transaction_id = $1`;
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

// ------------------------------------------------------------------ the pipeline

export function depositPipeline({ pool, producer, topicPrefix, webhookUrl, webhookSecret, rails, log }) {
  const agent = new Agent({ keepAlive: true });
  const webhookKey = Buffer.from(webhookSecret.replace(/^whsec_/, ''), 'base64');
  const failed = (what) => (error) => log(`deposit-baseline ${what}: ${error.message}`);
  const relay = serialised(relayAll, failed('relay'));
  const payouts = serialised(payAllDue, failed('payouts'));

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

  // The event's id is its correlation id too, as for an event no request caused.
  async function publishLater(db, topic, key, payload, occurredAt) {
    const eventId = randomUUID();
    await db.query({
      name: 'outbox',
      text: INSERT_OUTBOX,
      values: [eventId, topic, key, JSON.stringify(payload), eventId, occurredAt],
    });
  }

  // ---------------------------------------------------------------- seen on chain

  // True when the transfer was new: recorded, and announced through the outbox.
  async function recordTransfer(fact, foundBy, cursor = null) {
    const inserted = await inTransaction(async (db) => {
      const { rowCount } = await db.query({
        name: 'seen',
        text: INSERT_SEEN,
        values: [
          randomUUID(),
          fact.blockchain,
          fact.onChainTx,
          fact.transferIndex,
          fact.cryptoCurrency,
          fact.asset,
          fact.depositAddress,
          fact.sender,
          fact.amount,
          fact.memo,
          foundBy,
          fact.confirmedAt,
        ],
      });
      if (rowCount === 1)
        await publishLater(
          db,
          BASELINE_TOPICS.detected,
          `${fact.blockchain}:${fact.onChainTx}`,
          fact,
          new Date(),
        );
      if (cursor)
        await db.query({ name: 'cursor', text: SAVE_CURSOR, values: [cursor.stream, cursor.value] });
      return rowCount === 1;
    });
    if (inserted) relay.kick();
    return inserted;
  }

  async function saveCursor(stream, value) {
    await pool.query({ name: 'cursor', text: SAVE_CURSOR, values: [stream, value] });
  }

  // ---------------------------------------------------------------- funding

  async function moveTransaction(db, { id, from, to, onChainTx = null, idempotencyKey, now }) {
    const {
      rows: [moved],
    } = await db.query({ name: 'move', text: MOVE, values: [id, from, to, now, onChainTx, idempotencyKey] });
    if (!moved) return;
    await publishLater(
      db,
      BASELINE_TOPICS.statusChanged,
      moved.id,
      {
        transactionId: moved.id,
        partnerId: moved.partner_id,
        userId: moved.user_id,
        sequence: moved.event_sequence,
        change: 'STATUS',
        status: to,
        previousStatus: from,
        transactionReference: moved.reference,
        onChainTxHash: moved.on_chain_tx_hash,
        quote: {
          id: moved.quote_id,
          cryptoCurrency: moved.crypto_currency,
          network: moved.blockchain,
          paymentMethod: moved.payment_method,
          sourceAmount: moved.source_amount,
          targetAmount: moved.target_amount,
          targetCurrency: moved.target_currency,
        },
        refund: null,
        occurredAt: now.toISOString(),
      },
      now,
    );
  }

  // False when the transfer funded its transaction before (the event after a notify) or funds none.
  async function fund(db, transfer, source) {
    const {
      rows: [target],
    } = await db.query({
      name: 'lock',
      text: LOCK_TRANSACTION,
      values: [transfer.transactionId, transfer.amount, transfer.memo, transfer.depositAddress],
    });
    if (target?.status !== 'AWAITING_PAYMENT') return false;
    // Every transfer the bench sends funds its transaction: anything else is a broken run, left
    // undelivered (the bench counts it) rather than retried for ever.
    if (!target.covered) {
      log(`deposit-baseline: ${transfer.onChainTx} does not cover its transaction`);
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
        source,
        transfer.confirmedAt,
      ],
    });
    if (recorded.rowCount === 0) return false;
    const now = new Date();
    await moveTransaction(db, {
      id: target.id,
      from: 'AWAITING_PAYMENT',
      to: 'PROCESSING_PAYMENT',
      onChainTx: transfer.onChainTx,
      idempotencyKey: `deposit:${transfer.blockchain}:${transfer.onChainTx}:${transfer.transferIndex}`,
      now,
    });
    await db.query({
      name: 'payout',
      text: INSERT_PAYOUT,
      values: [target.id, target.payment_method, target.target_amount, target.target_currency, now],
    });
    return true;
  }

  function funded(wasFunded) {
    if (!wasFunded) return;
    relay.kick();
    payouts.kick();
  }

  async function fundFromEvent(message) {
    const eventId = header(message, 'event-id');
    const transfer = JSON.parse(message.value.toString());
    funded(
      await inTransaction(async (db) =>
        (await firstTime(db, 'baseline-funding', eventId, BASELINE_TOPICS.detected))
          ? fund(db, transfer, 'STREAM')
          : false,
      ),
    );
  }

  async function fundNotified(transfer) {
    funded(await inTransaction((db) => fund(db, transfer, 'NOTIFY')));
  }

  // ---------------------------------------------------------------- outbox relay

  // A timed poll, as the apps' relays poll: one indexed statement asks whether any row waits (a
  // commit kicks the relay itself), and only then the relay runs its batch's transaction.
  async function pollRelay() {
    const { rowCount } = await pool.query({
      name: 'waiting',
      text: 'SELECT 1 FROM baseline.outbox_message WHERE published_at IS NULL LIMIT 1',
    });
    if (rowCount > 0) relay.kick();
  }

  // Oldest first, marked published only once the broker acknowledged them (at least once).
  async function relayAll() {
    for (;;) {
      const published = await inTransaction(async (db) => {
        const { rows } = await db.query({
          name: 'unpublished',
          text: `SELECT position, event_id, topic, message_key, payload::text, correlation_id, occurred_at, xid
                 FROM baseline.outbox_message WHERE published_at IS NULL ORDER BY position LIMIT $1
                 FOR UPDATE SKIP LOCKED`,
          values: [RELAY_BATCH],
        });
        if (rows.length === 0) return 0;
        const byTopic = new Map();
        for (const row of rows) byTopic.set(row.topic, [...(byTopic.get(row.topic) ?? []), row]);
        await producer.sendBatch({
          acks: -1,
          topicMessages: [...byTopic].map(([topic, messages]) => ({
            topic: `${topicPrefix}${topic}`,
            messages: messages.map((row) => ({
              key: row.message_key,
              value: row.payload,
              headers: {
                'event-id': row.event_id,
                'occurred-at': row.occurred_at.toISOString(),
                'correlation-id': row.correlation_id,
                xid: String(row.xid),
              },
            })),
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

  // ---------------------------------------------------------------- payouts

  async function payAllDue() {
    for (;;) {
      const { rows: due } = await pool.query({
        name: 'claim',
        text: CLAIM_PAYOUTS,
        values: [new Date(), PAYOUT_LEASE_MS, PAYOUT_BATCH],
      });
      // A failed step stays claimed: the lease runs out and the same idempotency key is used again.
      await Promise.all(
        due.map((payout) => payOnce(payout).catch(failed(`payout ${payout.transaction_id}`))),
      );
      if (due.length < PAYOUT_BATCH) return;
    }
  }

  async function payOnce(payout) {
    const rail = rails[payout.rail];
    const { status, body, text } = payout.rail_reference
      ? await requestJson(agent, `${rail}/payouts/${encodeURIComponent(payout.rail_reference)}`, {
          method: 'GET',
        })
      : await requestJson(agent, `${rail}/payouts`, {
          method: 'POST',
          headers: { 'idempotency-key': `baseline-payout-${payout.transaction_id}` },
          body: JSON.stringify({
            reference: payout.transaction_id,
            amount: payout.amount,
            currency: payout.currency,
            recipient: { key: payout.account_number },
          }),
        });
    const state =
      !payout.rail_reference && REFUSED_BY_RAIL.has(status)
        ? { railReference: null, status: 'FAILED', failureReason: 'RAIL_REJECTED' }
        : status === 200 || status === 202
          ? { railReference: body.id, status: body.status, failureReason: body.failureReason }
          : null;
    if (!state) throw new Error(`${payout.rail} rail answered ${status}: ${text}`);
    await recordPayoutOutcome(payout.transaction_id, state);
  }

  async function recordPayoutOutcome(transactionId, state) {
    const changed = await inTransaction(async (db) => {
      const {
        rows: [payout],
      } = await db.query({
        name: 'lock-payout',
        text: 'SELECT status FROM baseline.payout WHERE transaction_id = $1 FOR UPDATE',
        values: [transactionId],
      });
      if (!payout || payout.status === 'SETTLED' || payout.status === 'FAILED') return false;
      const now = new Date();
      const status = state.status === 'ACCEPTED' ? 'SUBMITTED' : state.status;
      await db.query({
        name: 'save-payout',
        text: SAVE_PAYOUT,
        values: [
          transactionId,
          status,
          state.railReference,
          state.failureReason,
          new Date(now.getTime() + PAYOUT_RETRY_MS),
          now,
        ],
      });
      if (status === 'SUBMITTED') return false;
      // The bench's recipients all settle: a failed payout's refund is not modelled.
      await moveTransaction(db, {
        id: transactionId,
        from: 'PROCESSING_PAYMENT',
        to: status === 'SETTLED' ? 'PAYMENT_COMPLETED' : 'PAYMENT_FAILED',
        idempotencyKey: `payout:${transactionId}:${status}`,
        now,
      });
      return true;
    });
    if (changed) relay.kick();
  }

  // ---------------------------------------------------------------- webhooks

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
    if (delivery) void attempt(delivery).catch(failed('webhook'));
  }

  // Standard Webhooks: `v1,<base64 HMAC-SHA256 of id.timestamp.body>`.
  async function attempt({ id, body }) {
    const startedAt = new Date();
    const timestamp = String(Math.floor(startedAt.getTime() / 1000));
    const signature = createHmac('sha256', webhookKey).update(`${id}.${timestamp}.${body}`).digest('base64');
    const response = await requestJson(agent, webhookUrl, {
      method: 'POST',
      headers: { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` },
      body,
    }).catch(() => null);
    const status = response?.status ?? null;
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

  return {
    recordTransfer,
    saveCursor,
    fundFromEvent,
    fundNotified,
    recordDelivery,
    pollRelay,
    kickPayouts: payouts.kick,
    settled: () => Promise.all([relay.settled(), payouts.settled()]),
  };
}
