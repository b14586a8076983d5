import { randomUUID } from 'node:crypto';
import { reply, startSandboxServer, type SandboxRequest } from '../http/sandbox-http-server.js';
import { railOutcomeFor, type RailPayoutStatus } from './rail-outcome.js';

export type Rail = 'PIX' | 'BREB';

export interface RailPayout {
  readonly id: string;
  readonly rail: Rail;
  readonly reference: string;
  readonly amount: string;
  readonly currency: string;
  readonly recipientKey: string;
  status: RailPayoutStatus;
  failureReason: string | null;
  readonly createdAt: string;
  settledAt: string | null;
}

export interface RailSimulatorOptions {
  readonly rail: Rail;
  readonly port?: number;
  // Where status changes are POSTed (also settable per payout with `callbackUrl`).
  readonly callbackUrl?: string;
  readonly settleMs?: number;
  readonly lateSettleMs?: number;
  // What the rail can pay out, in its currency (default 1,000,000,000.00).
  readonly balance?: string;
}

export interface RailSimulator {
  readonly url: string;
  readonly rail: Rail;
  payouts(): readonly RailPayout[];
  // The available balance, as GET /balance answers it; setBalance is PUT /balance.
  balance(): string;
  setBalance(available: string): void;
  close(): Promise<void>;
}

const CURRENCY: Record<Rail, string> = { PIX: 'BRL', BREB: 'COP' };
const AMOUNT = /^\d{1,14}(\.\d{1,2})?$/;
const DEFAULT_BALANCE = '1000000000.00';

interface Accepted {
  readonly fingerprint: string;
  readonly payout: RailPayout;
}

// A PIX or Bre-B payout rail: POST /payouts (Idempotency-Key required) accepts a payout, which
// then settles or fails by the recipient key (rail-outcome.ts); GET /payouts/{id} polls it and
// every final status is POSTed to the callback URL. API in tools/sandbox/README.md.
export async function startRailSimulator(options: RailSimulatorOptions): Promise<RailSimulator> {
  const byKey = new Map<string, Accepted>();
  const byId = new Map<string, RailPayout>();
  const timers = new Set<NodeJS.Timeout>();
  const settleMs = options.settleMs ?? 200;
  const lateSettleMs = options.lateSettleMs ?? 10_000;
  const funds = new RailFunds(options.balance ?? DEFAULT_BALANCE);

  const create = (request: SandboxRequest) => {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || key.length === 0 || key.length > 128)
      return reply(400, { code: 'IDEMPOTENCY_KEY_REQUIRED', message: 'Idempotency-Key header is required' });
    const body = parse(request.rawBody);
    const problem = validate(body, options.rail);
    if (problem) return reply(400, { code: 'INVALID_REQUEST', message: problem });
    const fingerprint = JSON.stringify([body.reference, body.amount, body.currency, body.recipient.key]);
    const known = byKey.get(key);
    if (known)
      return known.fingerprint === fingerprint
        ? reply(200, known.payout)
        : reply(409, {
            code: 'IDEMPOTENCY_KEY_REUSED',
            message: 'Idempotency-Key was used with another payout',
          });
    if (!funds.debit(body.amount))
      return reply(422, { code: 'INSUFFICIENT_FUNDS', message: 'The available balance is below the amount' });
    const payout: RailPayout = {
      id: randomUUID(),
      rail: options.rail,
      reference: body.reference,
      amount: body.amount,
      currency: body.currency,
      recipientKey: body.recipient.key,
      status: 'ACCEPTED',
      failureReason: null,
      createdAt: new Date().toISOString(),
      settledAt: null,
    };
    byKey.set(key, { fingerprint, payout });
    byId.set(payout.id, payout);
    const outcome = railOutcomeFor(payout.recipientKey);
    const callbackUrl = body.callbackUrl ?? options.callbackUrl;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        payout.status = outcome.kind === 'settle' ? 'SETTLED' : 'FAILED';
        payout.failureReason = outcome.kind === 'fail' ? outcome.reason : null;
        // A failed payout's money stays with the rail.
        if (outcome.kind === 'fail') funds.credit(payout.amount);
        payout.settledAt = new Date().toISOString();
        if (callbackUrl) void notify(callbackUrl, payout);
      },
      outcome.kind === 'settle' && outcome.late ? lateSettleMs : settleMs,
    );
    timers.add(timer);
    return reply(202, payout);
  };

  const setBalance = (request: SandboxRequest) => {
    const available = (parse(request.rawBody) as { available?: unknown }).available;
    if (typeof available !== 'string' || !AMOUNT.test(available))
      return reply(400, {
        code: 'INVALID_REQUEST',
        message: 'available must be a decimal string with at most 2 decimals',
      });
    funds.set(available);
    return reply(200, { currency: CURRENCY[options.rail], available: funds.available() });
  };

  const server = await startSandboxServer(
    [
      { method: 'POST', path: '/payouts', handler: create },
      {
        method: 'GET',
        path: '/balance',
        handler: () => reply(200, { currency: CURRENCY[options.rail], available: funds.available() }),
      },
      { method: 'PUT', path: '/balance', handler: setBalance },
      {
        method: 'GET',
        path: '/payouts/:id',
        handler: ({ params }) => {
          const payout = byId.get(params['id']!);
          return payout ? reply(200, payout) : reply(404, { code: 'NOT_FOUND', message: 'No such payout' });
        },
      },
    ],
    options.port ?? 0,
  );
  return {
    url: server.url,
    rail: options.rail,
    payouts: () => [...byId.values()],
    balance: () => funds.available(),
    setBalance: (available) => funds.set(available),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      await server.close();
    },
  };
}

// The rail's float in cents: every accepted payout draws on it, so a payout above it is refused
// as a real provider refuses one it cannot fund.
class RailFunds {
  private cents: bigint;

  constructor(available: string) {
    this.cents = centsOf(available);
  }

  available(): string {
    return `${this.cents / 100n}.${(this.cents % 100n).toString().padStart(2, '0')}`;
  }

  set(available: string): void {
    this.cents = centsOf(available);
  }

  credit(amount: string): void {
    this.cents += centsOf(amount);
  }

  debit(amount: string): boolean {
    const cents = centsOf(amount);
    if (cents > this.cents) return false;
    this.cents -= cents;
    return true;
  }
}

function centsOf(amount: string): bigint {
  const [units = '0', fraction = ''] = amount.split('.');
  return BigInt(units) * 100n + BigInt(fraction.padEnd(2, '0'));
}

interface PayoutBody {
  readonly reference: string;
  readonly amount: string;
  readonly currency: string;
  readonly recipient: { readonly key: string; readonly name?: string };
  readonly callbackUrl?: string;
}

function parse(raw: string): PayoutBody {
  try {
    return JSON.parse(raw) as PayoutBody;
  } catch {
    return {} as PayoutBody;
  }
}

function validate(body: PayoutBody, rail: Rail): string | null {
  if (typeof body.reference !== 'string' || body.reference.length === 0) return 'reference is required';
  if (typeof body.amount !== 'string' || !AMOUNT.test(body.amount) || Number(body.amount) === 0)
    return 'amount must be a positive decimal string with at most 2 decimals';
  if (body.currency !== CURRENCY[rail]) return `currency must be ${CURRENCY[rail]}`;
  if (typeof body.recipient?.key !== 'string' || body.recipient.key.length === 0)
    return 'recipient.key is required';
  if (body.callbackUrl !== undefined && typeof body.callbackUrl !== 'string')
    return 'callbackUrl must be a URL';
  return null;
}

// One attempt per status change: the rail adapter must also poll, as with real rails.
async function notify(url: string, payout: RailPayout) {
  try {
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        id: payout.id,
        rail: payout.rail,
        reference: payout.reference,
        status: payout.status,
        failureReason: payout.failureReason,
        occurredAt: payout.settledAt,
      }),
      signal: AbortSignal.timeout(3_000),
    });
  } catch {
    // The receiver was down: polling GET /payouts/{id} still gives the outcome.
  }
}
