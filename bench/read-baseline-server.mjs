// The baseline of bench/read.bench.mjs: GET /transaction/{id} without the framework. A bare
// node:http server checks the X-API-Key as api-gateway does (bare-server-kit.mjs), reads the
// partner's transaction whole by its primary key and answers the same JSON. One process, no proxy
// hop, no internal identity token, no metrics: the floor, not a rival.
//
// ROLE=backend trusts the partner id in X-Partner-Id instead: behind floor-proxy.mjs, which checks
// the key, it is the backend of the two-hop floor.
//
//   DATABASE_URL=… API_KEY_PEPPER=… PORT=… [ROLE=backend] node bench/read-baseline-server.mjs
import { createServer } from 'node:http';
import pg from 'pg';
import { UNAUTHORIZED, apiKeyPartners, sendJson } from './bare-server-kit.mjs';

const { DATABASE_URL, API_KEY_PEPPER, ROLE = 'whole' } = process.env;
const PORT = Number(process.env.PORT ?? 3742);
const HOST = process.env.HOST ?? '127.0.0.1';
if (!DATABASE_URL || !API_KEY_PEPPER) {
  process.stderr.write('read-baseline-server: DATABASE_URL and API_KEY_PEPPER are required\n');
  process.exit(2);
}
// The apps' DATABASE_POOL_SIZE default.
const POOL_SIZE = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PATH = /^\/transaction\/([^/?]+)$/;

const pool = new pg.Pool({ connectionString: DATABASE_URL, max: POOL_SIZE, application_name: 'baseline' });

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

// The backend trusts the proxy's header, as transaction-service trusts the gateway's token.
const partnerOf = ROLE === 'backend' ? null : apiKeyPartners(pool, API_KEY_PEPPER);
const partnerFor = (request) =>
  partnerOf
    ? partnerOf(request.headers['x-api-key'])
    : Promise.resolve(request.headers['x-partner-id'] ?? null);

const server = createServer((request, response) => {
  request.resume();
  if (request.method === 'GET' && request.url === '/health/ready')
    return sendJson(response, 200, { status: 'ok' });
  const id = request.method === 'GET' ? PATH.exec(request.url ?? '')?.[1] : undefined;
  if (id === undefined) return sendJson(response, 404, { message: 'Not found' });
  const failed = (error) => sendJson(response, 500, { code: 'server_error', reason: String(error.message) });
  partnerFor(request)
    .then((partnerId) => transactionStatus(partnerId, id))
    .then(([status, body]) => sendJson(response, status, body), failed);
});
server.keepAliveTimeout = 65_000;
server.listen(PORT, HOST); // silent: the orchestrator polls /health/ready

const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
