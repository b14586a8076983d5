import type { ServerResponse } from 'node:http';
import { Account, Asset, Operation, TransactionBuilder } from '@stellar/stellar-sdk';
import {
  reply,
  startSandboxServer,
  type SandboxRequest,
  type SandboxRoute,
} from '../http/sandbox-http-server.js';
import {
  SANDBOX_ASSETS,
  SANDBOX_STARTING_BALANCE,
  customerRoles,
  stellarSandboxKeypair,
  type SandboxAsset,
} from '../sandbox-wallets.js';
import { SandboxFaults } from '../http/sandbox-faults.js';
import { HorizonLedger, type OperationRecord } from './horizon-ledger.js';
import { accountView, operationView, pageView, transactionView } from './horizon-views.js';

export const SANDBOX_NETWORK_PASSPHRASE = 'Payout Sandbox Network ; 2026';

export interface HorizonSimulator {
  readonly url: string;
  readonly networkPassphrase: string;
  // Issuer per asset code (the catalogue keeps the issuer as the asset's "mint").
  readonly issuers: Readonly<Record<SandboxAsset, string>>;
  readonly ledger: HorizonLedger;
  readonly faults: SandboxFaults;
  close(): Promise<void>;
}

const NOT_FOUND = {
  type: 'https://stellar.org/horizon-errors/not_found',
  title: 'Resource Missing',
  status: 404,
};
const MAX_LIMIT = 200;
const HEARTBEAT_MS = 1_000;

// A Horizon-compatible server for the real @stellar/stellar-sdk client: accounts, transactions,
// operations and payments (pages and SSE streams with cursors), and POST /transactions that
// checks real signatures of real XDR envelopes and applies them to the sandbox ledger.
export async function startHorizon(port = 0, customers = 1): Promise<HorizonSimulator> {
  const ledger = new HorizonLedger(SANDBOX_NETWORK_PASSPHRASE);
  const faults = new SandboxFaults();
  const issuers = fund(ledger, customers);
  let base = '';
  const server = await startSandboxServer(
    routes(ledger, faults, () => base),
    port,
  );
  base = server.url;
  return {
    url: server.url,
    networkPassphrase: SANDBOX_NETWORK_PASSPHRASE,
    issuers,
    ledger,
    faults,
    close: server.close,
  };
}

function routes(ledger: HorizonLedger, faults: SandboxFaults, base: () => string): SandboxRoute[] {
  const accountOps = (payments: boolean) => (request: SandboxRequest, response: ServerResponse) =>
    operations(
      ledger,
      base(),
      request,
      response,
      (op) => (!payments || op.isPayment) && op.accounts.includes(request.params['id']!),
    );
  return [
    {
      method: 'GET',
      path: '/',
      handler: () =>
        reply(200, { network_passphrase: ledger.networkPassphrase, horizon_version: 'payout-sandbox' }),
    },
    {
      method: 'GET',
      path: '/accounts/:id',
      handler: ({ params }) => {
        const account = ledger.account(params['id']!);
        return account ? reply(200, accountView(base(), params['id']!, account)) : reply(404, NOT_FOUND);
      },
    },
    { method: 'GET', path: '/accounts/:id/payments', handler: accountOps(true) },
    { method: 'GET', path: '/accounts/:id/operations', handler: accountOps(false) },
    {
      method: 'GET',
      path: '/payments',
      handler: (req, res) => operations(ledger, base(), req, res, (op) => op.isPayment),
    },
    {
      method: 'GET',
      path: '/operations',
      handler: (req, res) => operations(ledger, base(), req, res, () => true),
    },
    {
      method: 'GET',
      path: '/operations/:id',
      handler: ({ params }) => {
        const operation = ledger.operations.find((op) => op.id === params['id']);
        return operation ? reply(200, operationView(base(), operation)) : reply(404, NOT_FOUND);
      },
    },
    {
      method: 'GET',
      path: '/transactions/:hash',
      handler: ({ params }) => {
        const record = ledger.transaction(params['hash']!);
        return record ? reply(200, transactionView(base(), record)) : reply(404, NOT_FOUND);
      },
    },
    {
      method: 'GET',
      path: '/transactions/:hash/operations',
      handler: (req, res) =>
        operations(ledger, base(), req, res, (op) => op.transaction_hash === req.params['hash']),
    },
    {
      method: 'GET',
      path: '/transactions/:hash/payments',
      handler: (req, res) =>
        operations(
          ledger,
          base(),
          req,
          res,
          (op) => op.isPayment && op.transaction_hash === req.params['hash'],
        ),
    },
    {
      method: 'POST',
      path: '/transactions',
      handler: (request) => {
        const answer = submit(ledger, base(), request);
        if (!faults.takeDropSubmitAnswer()) return answer;
        request.raw.socket.destroy();
        return null;
      },
    },
  ];
}

function submit(ledger: HorizonLedger, base: string, request: SandboxRequest) {
  const envelope = new URLSearchParams(request.rawBody).get('tx');
  let outcome;
  try {
    outcome = envelope ? ledger.submit(envelope) : null;
  } catch {
    outcome = null;
  }
  if (!outcome)
    return reply(400, {
      type: 'https://stellar.org/horizon-errors/transaction_malformed',
      title: 'Transaction Malformed',
      status: 400,
      extras: { envelope_xdr: envelope ?? '' },
    });
  if (outcome.ok) return reply(200, transactionView(base, outcome.record));
  return reply(400, {
    type: 'https://stellar.org/horizon-errors/transaction_failed',
    title: 'Transaction Failed',
    status: 400,
    extras: { envelope_xdr: envelope, result_xdr: outcome.resultXdr, result_codes: outcome.codes },
  });
}

// A page of operations after `cursor`, or, with Accept: text/event-stream, the same records
// followed by every new one as it is applied (Horizon's streaming mode).
function operations(
  ledger: HorizonLedger,
  base: string,
  request: SandboxRequest,
  response: ServerResponse,
  filter: (op: OperationRecord) => boolean,
) {
  const query = request.url.searchParams;
  const join = query.get('join') === 'transactions';
  const view = (op: OperationRecord) =>
    operationView(base, op, join ? ledger.transaction(op.transaction_hash) : undefined);
  const lastEventId = request.headers['last-event-id'];
  const cursorText = (typeof lastEventId === 'string' && lastEventId) || query.get('cursor') || '';
  const latest = ledger.operations.at(-1)?.paging_token ?? '0';
  const cursor = BigInt(cursorText === 'now' ? latest : /^\d+$/.test(cursorText) ? cursorText : '0');
  const descending = query.get('order') === 'desc';
  if (request.headers.accept?.includes('text/event-stream')) {
    stream(ledger, response, cursor, filter, view);
    return null;
  }
  const limit = Math.min(Math.max(Number(query.get('limit') ?? 10) || 10, 1), MAX_LIMIT);
  const matching = ledger.operations.filter(filter);
  const page = (
    descending
      ? matching.filter((op) => cursorText === '' || BigInt(op.paging_token) < cursor).reverse()
      : matching.filter((op) => BigInt(op.paging_token) > cursor)
  ).slice(0, limit);
  return reply(200, pageView(base, request.url.pathname, query, page.map(view), page.at(-1)?.paging_token));
}

function stream(
  ledger: HorizonLedger,
  response: ServerResponse,
  cursor: bigint,
  filter: (op: OperationRecord) => boolean,
  view: (op: OperationRecord) => unknown,
) {
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  response.write('retry: 1000\nevent: open\ndata: "hello"\n\n');
  const send = (op: OperationRecord) => {
    if (filter(op)) response.write(`id: ${op.paging_token}\ndata: ${JSON.stringify(view(op))}\n\n`);
  };
  for (const op of ledger.operations) if (BigInt(op.paging_token) > cursor) send(op);
  ledger.on('operation', send);
  // A comment line now and then keeps idle connections from being timed out by sockets and
  // proxies between client and server.
  const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), HEARTBEAT_MS);
  response.on('close', () => {
    clearInterval(heartbeat);
    ledger.off('operation', send);
  });
}

// The issuer, treasury and customers exist from the start; treasury and customers trust every
// sandbox asset and hold SANDBOX_STARTING_BALANCE of each, paid by the issuer in one
// transaction (so the history starts with real payments).
function fund(ledger: HorizonLedger, customers: number): Record<SandboxAsset, string> {
  const issuer = stellarSandboxKeypair('issuer');
  const holders = [stellarSandboxKeypair('treasury'), ...customerRoles(customers).map(stellarSandboxKeypair)];
  for (const keypair of [issuer, ...holders]) ledger.createGenesisAccount(keypair.publicKey(), '10000');
  for (const holder of holders) {
    const account = ledger.account(holder.publicKey())!;
    for (const code of SANDBOX_ASSETS) account.lines.set(`${code}:${issuer.publicKey()}`, 0n);
  }
  const source = ledger.account(issuer.publicKey())!;
  const builder = new TransactionBuilder(new Account(issuer.publicKey(), source.sequence.toString()), {
    fee: '100',
    networkPassphrase: ledger.networkPassphrase,
  });
  for (const code of SANDBOX_ASSETS)
    for (const holder of holders)
      builder.addOperation(
        Operation.payment({
          destination: holder.publicKey(),
          asset: new Asset(code, issuer.publicKey()),
          amount: SANDBOX_STARTING_BALANCE,
        }),
      );
  const transaction = builder.setTimeout(0).build();
  transaction.sign(issuer);
  const outcome = ledger.submit(transaction.toXDR());
  if (!outcome.ok) throw new Error(`sandbox Stellar funding failed: ${JSON.stringify(outcome.codes)}`);
  return Object.fromEntries(SANDBOX_ASSETS.map((code) => [code, issuer.publicKey()])) as Record<
    SandboxAsset,
    string
  >;
}
