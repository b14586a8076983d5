// The gateway's job done bare, for the benches' two-hop floor: a node:http server that checks the
// X-API-Key (bare-server-kit.mjs) and forwards the request, body streamed, to one upstream that
// trusts the partner id it names in X-Partner-Id, as a service trusts the gateway's identity
// token; the answer streams back. A baseline server started with ROLE=backend behind it splits the
// baseline's work over two processes the way the system splits it, which tells how much of the
// system's gap is the second hop itself.
//
// PROXY_CLIENT picks the HTTP client: relay (an undici Pool's dispatch() with a handler that writes
// the answer into the response, pausing while the client's socket is full), the default since the
// gateway relays answers that way too; undici (the same Pool's stream()); or node (http.request
// over a keep-alive Agent).
//
//   DATABASE_URL=… API_KEY_PEPPER=… PORT=… UPSTREAM_PORT=… [PROXY_CLIENT=relay|undici|node] node bench/floor-proxy.mjs
import { Agent, createServer, request as httpRequest } from 'node:http';
import pg from 'pg';
import { Pool as UndiciPool } from 'undici';
import { UNAUTHORIZED, apiKeyPartners, sendJson } from './bare-server-kit.mjs';

const { DATABASE_URL, API_KEY_PEPPER, UPSTREAM_PORT, PROXY_CLIENT = 'relay' } = process.env;
const PORT = Number(process.env.PORT ?? 3744);
const HOST = process.env.HOST ?? '127.0.0.1';
if (!DATABASE_URL || !API_KEY_PEPPER || !UPSTREAM_PORT) {
  process.stderr.write('floor-proxy: DATABASE_URL, API_KEY_PEPPER and UPSTREAM_PORT are required\n');
  process.exit(2);
}
if (!['relay', 'undici', 'node'].includes(PROXY_CLIENT)) {
  process.stderr.write('floor-proxy: PROXY_CLIENT is relay, undici or node\n');
  process.exit(2);
}
// The apps' DATABASE_POOL_SIZE default.
const POOL_SIZE = 10;

const pool = new pg.Pool({ connectionString: DATABASE_URL, max: POOL_SIZE, application_name: 'floor_proxy' });
const partnerOf = apiKeyPartners(pool, API_KEY_PEPPER);

// What the upstream needs of the request: its body's type and length, and the partner.
function upstreamHeaders(request, partnerId) {
  const headers = { 'x-partner-id': partnerId };
  for (const name of ['content-type', 'content-length'])
    if (request.headers[name] !== undefined) headers[name] = request.headers[name];
  return headers;
}

const badGateway = (response, error) => {
  if (!response.headersSent) sendJson(response, 502, { code: 'bad_gateway', reason: error.message });
  else response.destroy(error);
};

const agent = new Agent({ keepAlive: true, maxSockets: 256 });
function forwardWithNode(request, response, headers) {
  const upstream = httpRequest({
    host: HOST,
    port: Number(UPSTREAM_PORT),
    method: request.method,
    path: request.url,
    agent,
    headers,
  });
  upstream.on('response', (answer) => {
    response.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(response);
  });
  upstream.on('error', (error) => badGateway(response, error));
  request.pipe(upstream);
}

const undiciPool =
  PROXY_CLIENT === 'node' ? null : new UndiciPool(`http://${HOST}:${UPSTREAM_PORT}`, { connections: 256 });
const bodyOf = (request) => (request.method !== 'GET' && request.method !== 'HEAD' ? request : null);

// The answer written into the response as it comes (undici's dispatch handler).
class Relay {
  constructor(response) {
    this.response = response;
    this.controller = null;
    response.once('close', () => {
      if (!response.writableFinished) this.controller?.abort(new Error('client gone'));
    });
  }
  onRequestStart(controller) {
    this.controller = controller;
  }
  onResponseStart(controller, statusCode, headers) {
    if (statusCode < 200) return;
    this.response.writeHead(statusCode, headers);
    this.response.on('drain', () => controller.resume());
    if (this.response.writableNeedDrain) controller.pause();
  }
  onResponseData(controller, chunk) {
    if (!this.response.write(chunk)) controller.pause();
  }
  onResponseEnd() {
    this.response.end();
  }
  onResponseError(_controller, error) {
    badGateway(this.response, error);
  }
}

function forwardWithRelay(request, response, headers) {
  undiciPool.dispatch(
    { path: request.url, method: request.method, headers, body: bodyOf(request) },
    new Relay(response),
  );
}

function forwardWithUndici(request, response, headers) {
  undiciPool
    .stream(
      { path: request.url, method: request.method, headers, body: bodyOf(request) },
      ({ statusCode, headers: answerHeaders }) => {
        response.writeHead(statusCode, answerHeaders);
        return response;
      },
    )
    .catch((error) => badGateway(response, error));
}

async function forward(request, response) {
  const partnerId = await partnerOf(request.headers['x-api-key']);
  if (!partnerId) {
    request.resume();
    return sendJson(response, ...UNAUTHORIZED);
  }
  const headers = upstreamHeaders(request, partnerId);
  if (PROXY_CLIENT === 'relay') forwardWithRelay(request, response, headers);
  else if (PROXY_CLIENT === 'undici') forwardWithUndici(request, response, headers);
  else forwardWithNode(request, response, headers);
}

const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/health/ready') {
    request.resume();
    return sendJson(response, 200, { status: 'ok' });
  }
  forward(request, response).catch((error) => badGateway(response, error));
});
server.keepAliveTimeout = 65_000;
server.listen(PORT, HOST); // silent: the orchestrator polls /health/ready

const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
