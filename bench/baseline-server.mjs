// The baseline of bench/quote.bench.mjs: the work of one POST /quote without the framework. A bare
// node:http server parses the JSON body, validates the same fields as QuoteRequestDto (positive
// number with at most 2 decimals, enums, no unknown field), prices with integer arithmetic and
// stores the quote row with `pg` within its rail's per-transaction cap, in one statement as
// quote-service does (which announces no quote event), then answers the same JSON shape. No gateway
// hop, no authentication: it is the floor, not a rival.
//
// ROLE=backend stores the quote for the partner named in X-Partner-Id: behind floor-proxy.mjs,
// which checks the key, it is the backend of the two-hop floor.
//
//   DATABASE_URL=postgres://… PORT=3712 HOST=127.0.0.1 POOL_SIZE=10 [ROLE=backend] node bench/baseline-server.mjs
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';
import { sendJson } from './bare-server-kit.mjs';

const PORT = Number(process.env.PORT ?? 3712);
const HOST = process.env.HOST ?? '127.0.0.1';
const POOL_SIZE = Number(process.env.POOL_SIZE ?? 10);
const MAX_BODY_BYTES = 1024 * 1024;
const QUOTE_TTL_MS = 3_600_000;
const BACKEND = process.env.ROLE === 'backend';

if (!process.env.DATABASE_URL) {
  process.stderr.write('baseline-server: DATABASE_URL is required\n');
  process.exit(2);
}

// Same connection settings as the apps' TypeORM data source (libs/platform/database).
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: POOL_SIZE,
  application_name: BACKEND ? 'floor_backend' : 'baseline',
  statement_timeout: 15_000,
  connectionTimeoutMillis: 10_000,
});

const CRYPTO = new Set(['USDC', 'USDT']);
const NETWORKS = new Set(['STELLAR', 'SOLANA', 'CELO']);
const METHODS = new Set(['BREB', 'PIX']);
const FIATS = new Set(['COP', 'BRL']);
const FIELDS = new Set(['amount', 'crypto_currency', 'network', 'payment_method', 'target_currency']);
const FIAT_DECIMALS = { COP: 0, BRL: 2 };

// The seeded payout corridors (quote-service caches its catalogue in memory too). Amounts are
// integers: fiat in cents, crypto in micro units, rates in 1e-6 fiat per crypto unit.
const RATES = { 'USDC:COP': 4_000_000_000n, 'USDT:COP': 3_995_000_000n, 'USDC:BRL': 5_500_000n };
const ASSETS = new Set(['USDC:STELLAR', 'USDC:SOLANA', 'USDT:SOLANA', 'USDC:CELO', 'USDT:CELO']);
const FLOWS = {
  'BREB:COP': { bps: 100n, fixedMicro: 0n, minCents: 2_000_000n, maxCents: 2_000_000_000n },
  'PIX:BRL': { bps: 80n, fixedMicro: 100_000n, minCents: 1_000n, maxCents: 5_000_000n },
};

// Stored only within the rail's per-transaction cap, read by the same statement, as quote-service
// stores a payout quote (a rail without a cap row is uncapped).
const INSERT_QUOTE = `WITH cap AS (
    SELECT per_transaction FROM quote.rail_cap WHERE payment_method = $5 AND target_currency = $6
  ), inserted AS (
    INSERT INTO baseline.quote (id, partner_id, kind, crypto_currency, blockchain, payment_method,
      target_currency, crypto_amount, fiat_amount, fee_amount, fee_type, fee_basis_points, fee_fixed, rate,
      rate_source, rate_observed_at, created_at, expires_at)
    SELECT $1, $2, 'PAYOUT', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'sandbox', $14, $15, $16
    WHERE NOT EXISTS (SELECT 1 FROM cap WHERE per_transaction < $8)
    RETURNING 1
  )
  SELECT (SELECT per_transaction FROM cap) AS per_transaction, EXISTS (SELECT 1 FROM inserted) AS inserted`;

// The whole baseline has no authentication: its quotes belong to one made-up partner.
const ANONYMOUS_PARTNER_ID = randomUUID();
const rateObservedAt = new Date();

class Refusal extends Error {
  constructor(status, code, reason) {
    super(reason);
    this.status = status;
    this.code = code;
  }
}

const invalid = (reason) => new Refusal(400, 'invalid_request', reason);

function decimalsOf(value) {
  const text = String(value);
  if (text.includes('e')) return text.includes('e-') ? Number(text.split('e-')[1]) : 0;
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

function validate(body) {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalid('body must be an object');
  for (const key of Object.keys(body))
    if (!FIELDS.has(key)) throw invalid(`property ${key} should not exist`);
  const { amount } = body;
  if (amount === undefined || amount === null) throw invalid('amount is required');
  if (typeof amount !== 'number' || !Number.isFinite(amount) || decimalsOf(amount) > 2)
    throw invalid('amount must be a number with at most 2 decimals');
  if (!(amount > 0)) throw invalid('amount must be a positive number');
  const enums = [
    ['crypto_currency', CRYPTO],
    ['network', NETWORKS],
    ['payment_method', METHODS],
    ['target_currency', FIATS],
  ];
  for (const [field, values] of enums) {
    if (body[field] === undefined || body[field] === null) throw invalid(`${field} is required`);
    if (!values.has(body[field]))
      throw invalid(`${field} must be one of the following values: ${[...values]}`);
  }
  return body;
}

// ceil(a / b) for positive BigInts.
const ceilDiv = (a, b) => (a + b - 1n) / b;
const fixed = (units, decimals) => {
  const text = units.toString().padStart(decimals + 1, '0');
  return decimals ? `${text.slice(0, -decimals)}.${text.slice(-decimals)}` : text;
};

// The forward payout of @payout/money: crypto to send = (fiat + fixed·rate) / (rate·(1 − bps/10⁴)),
// rounded up to 2 dp; fee = value·bps/10⁴ + fixed (exact in micro units, 6 dp).
function price(request) {
  const route = `${request.payment_method}:${request.target_currency}`;
  const flow = FLOWS[route];
  const rate = RATES[`${request.crypto_currency}:${request.target_currency}`];
  if (!flow || !ASSETS.has(`${request.crypto_currency}:${request.network}`)) {
    throw new Refusal(
      400,
      'corridor_unavailable',
      `${request.crypto_currency} on ${request.network} to ${request.target_currency} via ${request.payment_method} is not available`,
    );
  }
  if (rate === undefined) throw new Refusal(500, 'quote_unavailable', 'No current price; try again shortly');
  if (decimalsOf(request.amount) > FIAT_DECIMALS[request.target_currency])
    throw invalid(`fiatAmount must have at most ${FIAT_DECIMALS[request.target_currency]} decimals`);
  const fiatCents = BigInt(Math.round(request.amount * 100));
  if (fiatCents < flow.minCents) throw new Refusal(400, 'minimum', 'The amount is below the minimum');
  if (fiatCents > flow.maxCents) throw new Refusal(400, 'maximum', 'The amount is above the maximum');
  // Fiat at scale 1e-12 (cents·1e10; fixed micro-crypto · rate in 1e-6 fiat), so no step rounds.
  const fiatScaled = fiatCents * 10n ** 10n + flow.fixedMicro * rate;
  const valueCents = ceilDiv(fiatScaled, rate * (10_000n - flow.bps));
  const feeMicro = valueCents * flow.bps + flow.fixedMicro;
  return {
    value: fixed(valueCents, 2),
    fiat: fixed(fiatCents, 2),
    fee: fixed(feeMicro, 6),
    feeType: flow.fixedMicro === 0n ? 'percentage' : flow.bps === 0n ? 'fixed' : 'combined',
    bps: Number(flow.bps),
    feeFixed: fixed(flow.fixedMicro, 6),
    rate: fixed(rate, 6),
  };
}

async function issue(request, partnerId) {
  const quote = price(request);
  const id = randomUUID();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + QUOTE_TTL_MS);
  // Named: prepared once per connection, as quote-service's insert is.
  const {
    rows: [stored],
  } = await pool.query({
    name: 'quote',
    text: INSERT_QUOTE,
    values: [
      id,
      partnerId,
      request.crypto_currency,
      request.network,
      request.payment_method,
      request.target_currency,
      quote.value,
      quote.fiat,
      quote.fee,
      quote.feeType,
      quote.bps,
      quote.feeFixed,
      quote.rate,
      rateObservedAt,
      now,
      expiresAt,
    ],
  });
  if (!stored.inserted) {
    throw new Refusal(
      400,
      'amount_above_transaction_limit',
      `The amount is above the ${request.payment_method} limit of ${stored.per_transaction} per transaction`,
    );
  }
  return {
    expiration_time: expiresAt.getTime(),
    fee: { amount: quote.fee, currency: request.crypto_currency, type: quote.feeType },
    quote_id: id,
    value: Number(quote.value),
  };
}

// The backend trusts the proxy's header, as quote-service trusts the gateway's identity token.
const partnerOf = (request) => (BACKEND ? request.headers['x-partner-id'] : ANONYMOUS_PARTNER_ID);

const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/health/ready')
    return sendJson(response, 200, { status: 'ok' });
  if (request.method !== 'POST' || request.url !== '/quote') {
    request.resume();
    return sendJson(response, 404, { message: 'Not found' });
  }
  const chunks = [];
  let size = 0;
  request.on('data', (chunk) => {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  });
  request.on('end', () => {
    if (size > MAX_BODY_BYTES) return sendJson(response, 413, { message: 'Request body is too large' });
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return sendJson(response, 400, { code: 'invalid_request', reason: 'Request body is not valid JSON' });
    }
    Promise.resolve()
      .then(() => issue(validate(body), partnerOf(request)))
      .then(
        (quote) => sendJson(response, 200, quote),
        (error) =>
          error instanceof Refusal
            ? sendJson(response, error.status, { code: error.code, reason: error.message, retryable: false })
            : sendJson(response, 500, {
                code: 'server_error',
                reason: String(error.message),
                retryable: true,
              }),
      );
  });
});
server.keepAliveTimeout = 65_000;

server.listen(PORT, HOST); // silent: the orchestrator polls /health/ready

const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
