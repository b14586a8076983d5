import { payDepositTarget } from '../deposits/pay-deposit-target.js';
import type { DepositTarget } from '../deposits/sandbox-deposit.js';
import { reply, startSandboxServer, type SandboxRequest } from '../http/sandbox-http-server.js';
import type { RailSimulator } from '../rails/rail.simulator.js';

export interface SandboxControl {
  readonly url: string;
  close(): Promise<void>;
}

const BLOCKCHAINS: ReadonlySet<string> = new Set(['STELLAR', 'SOLANA', 'CELO']);

// The sandbox's control endpoint, the one door product apps have into it (the gateway's
// POST /sandbox/transactions/{id}/deposit, when SANDBOX_CONTROL_URL names it): POST /deposits
// with a transaction's payment_context pays it from the sandbox customer wallet, as the CLI's
// `sandbox deposit` does, and answers { blockchain, onChainTx }.
// A target is paid once: a second request (a double click, a retry) while the chain watchers have
// not yet seen the first deposit answers 409 instead of paying again.
// PUT /rails/{PIX|BREB}/balance with { available } sets what that rail can pay out (its liquidity,
// which quote-service checks quotes against) and answers { currency, available }.
export async function startSandboxControl(rails: readonly RailSimulator[] = []): Promise<SandboxControl> {
  const paid = new Set<string>();
  const payDeposit = async (request: SandboxRequest) => {
    const target = depositTargetOf(request.rawBody);
    if (!target)
      return reply(400, { reason: 'A payment_context with blockchain, depositAddress and rpcUrl' });
    const key = `${target.blockchain} ${target.depositAddress} ${target.memo ?? ''}`;
    if (paid.has(key)) return reply(409, { reason: 'This deposit target was already paid' });
    paid.add(key);
    try {
      return reply(201, await payDepositTarget(target));
    } catch (error) {
      paid.delete(key);
      throw error;
    }
  };
  const setRailBalance = async (request: SandboxRequest) => {
    const rail = rails.find((simulator) => simulator.rail === request.params['rail']);
    if (!rail) return reply(404, { reason: `No sandbox rail ${request.params['rail']}` });
    const answer = await fetch(new URL('/balance', rail.url), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: request.rawBody,
    });
    return reply(answer.status, await answer.json());
  };
  const server = await startSandboxServer([
    { method: 'POST', path: '/deposits', handler: payDeposit },
    { method: 'PUT', path: '/rails/:rail/balance', handler: setRailBalance },
  ]);
  return { url: server.url, close: server.close };
}

function depositTargetOf(rawBody: string): DepositTarget | null {
  try {
    const body = JSON.parse(rawBody) as Partial<DepositTarget> | null;
    const usable =
      typeof body?.blockchain === 'string' &&
      BLOCKCHAINS.has(body.blockchain) &&
      typeof body.depositAddress === 'string' &&
      typeof body.rpcUrl === 'string';
    return usable ? (body as DepositTarget) : null;
  } catch {
    return null;
  }
}
