// The baseline of bench/read.bench.mjs: GET /transaction/{id} without the framework. A bare
// node:http server checks the X-API-Key as api-gateway does (HMAC-SHA256 with the pepper, the
// active key read by its hash and kept API_KEY_CACHE_MS, 5 s by default), reads the partner's
// transaction whole by its primary key and answers the same JSON. One process, no proxy hop, no
// internal identity token, no metrics: the floor, not a rival.
//
// ROLE=proxy and ROLE=backend split the same work over two processes the way the system splits it
// (the gateway checks the key and forwards; transaction-service reads): the floor of a two-hop
// path, which tells how much of the system's gap is the second hop itself. PROXY_CLIENT picks the
// proxy's HTTP client: node (http.request over a keep-alive Agent, the default) or undici (a Pool).
//
//   DATABASE_URL=… API_KEY_PEPPER=… PORT=… [ROLE=proxy UPSTREAM_PORT=… [PROXY_CLIENT=node|undici]|ROLE=backend] \
//     node bench/read-baseline-server.mjs
import { createHmac } from 'node:crypto';
import { Agent, createServer, request as httpRequest } from 'node:http';
import pg from 'pg';
import { Pool as UndiciPool } from 'undici';

const { DATABASE_URL, API_KEY_PEPPER, ROLE = 'whole', UPSTREAM_PORT, PROXY_CLIENT = 'node' } = process.env;
const PORT = Number(process.env.PORT ?? 3742);
const HOST = process.env.HOST ?? '127.0.0.1';
if (!DATABASE_URL || !API_KEY_PEPPER) {
  process.stderr.write('read-baseline-server: DATABASE_URL and API_KEY_PEPPER are required\n');
  process.exit(2);
}
if (PROXY_CLIENT !== 'node' && PROXY_CLIENT !== 'undici') {
  process.stderr.write('read-baseline-server: PROXY_CLIENT is node or undici\n');
  process.exit(2);
}
// api-gateway's API_KEY_CACHE_MS default and the apps' DATABASE_POOL_SIZE default.
const KEY_CACHE_MS = 5_000;
const POOL_SIZE = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PATH = /^\/transaction\/([^/?]+)$/;

const pool = new pg.Pool({ connectionString: DATABASE_URL, max: POOL_SIZE, application_name: 'baseline' });

const keys = new Map();
function activeKey(hash) {
  const now = Date.now();
  const hit = keys.get(hash);
  if (hit && hit.expiresAt > now) return hit.key;
  const key = pool
    .query({
      name: 'key',
      text: 'SELECT * FROM "api_gateway"."api_key" WHERE "key_hash" = $1 AND "revoked_at" IS NULL',
      values: [hash],
    })
    .then(({ rows }) => rows[0] ?? null);
  keys.set(hash, { key, expiresAt: now + KEY_CACHE_MS });
  return key;
}

async function partnerOf(apiKey) {
  const key = apiKey
    ? await activeKey(createHmac('sha256', API_KEY_PEPPER).update(apiKey.trim()).digest('hex'))
    : null;
  return key?.partner_id ?? null;
}

const UNAUTHORIZED = [401, { code: 'unauthorized', reason: 'Missing or invalid API key' }];

async function transactionStatus(partnerId, id) {
  if (!partnerId) return UNAUTHORIZED;
  const {
    rows: [transaction],
  } = UUID.test(id)
    ? await pool.query({
        name: 'transaction',
        text: 'SELECT * FROM "transaction"."transaction" WHERE "partner_id" = $1 AND "id" = $2',
        values: [partnerId, id],
      })
    : { rows: [] };
  if (!transaction) return [404, { code: 'transaction_not_found', reason: 'Transaction not found' }];
  return [
    200,
    {
      id: transaction.id,
      status: transaction.status,
      transaction_reference: transaction.reference,
      on_chain_tx_hash: transaction.on_chain_tx_hash,
      kycRequired: false,
      user_id: transaction.user_id,
    },
  ];
}

// The proxy's hop: the partner the key names travels in a header, the answer streams back.
const upstreamAgent = new Agent({ keepAlive: true, maxSockets: 256 });
function forwardWithNode(request, response, partnerId) {
  const upstream = httpRequest({
    host: HOST,
    port: Number(UPSTREAM_PORT),
    path: request.url,
    agent: upstreamAgent,
    headers: { 'x-partner-id': partnerId },
  });
  upstream.on('response', (answer) => {
    response.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(response);
  });
  upstream.on('error', (error) => send(response, 502, { code: 'bad_gateway', reason: error.message }));
  upstream.end();
}

// The same hop over undici: stream() writes the answer straight into the response.
const upstreamPool =
  ROLE === 'proxy' && PROXY_CLIENT === 'undici'
    ? new UndiciPool(`http://${HOST}:${UPSTREAM_PORT}`, { connections: 256 })
    : undefined;
function forwardWithUndici(request, response, partnerId) {
  upstreamPool
    .stream(
      { path: request.url, method: 'GET', headers: { 'x-partner-id': partnerId } },
      ({ statusCode, headers }) => {
        response.writeHead(statusCode, headers);
        return response;
      },
    )
    .catch((error) => {
      if (!response.headersSent) send(response, 502, { code: 'bad_gateway', reason: error.message });
    });
}

async function forward(request, response) {
  const partnerId = await partnerOf(request.headers['x-api-key']);
  if (!partnerId) return send(response, ...UNAUTHORIZED);
  if (upstreamPool) forwardWithUndici(request, response, partnerId);
  else forwardWithNode(request, response, partnerId);
}

// The backend trusts the proxy's header, as transaction-service trusts the gateway's token.
const partnerFor = (request) =>
  ROLE === 'backend'
    ? Promise.resolve(request.headers['x-partner-id'] ?? null)
    : partnerOf(request.headers['x-api-key']);

function send(response, status, body) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

const server = createServer((request, response) => {
  request.resume();
  if (request.method === 'GET' && request.url === '/health/ready')
    return send(response, 200, { status: 'ok' });
  const id = request.method === 'GET' ? PATH.exec(request.url ?? '')?.[1] : undefined;
  if (id === undefined) return send(response, 404, { message: 'Not found' });
  const failed = (error) => send(response, 500, { code: 'server_error', reason: String(error.message) });
  if (ROLE === 'proxy') return void forward(request, response).catch(failed);
  partnerFor(request)
    .then((partnerId) => transactionStatus(partnerId, id))
    .then(([status, body]) => send(response, status, body), failed);
});
server.keepAliveTimeout = 65_000;
server.listen(PORT, HOST); // silent: the orchestrator polls /health/ready

const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
