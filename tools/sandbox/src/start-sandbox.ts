import { startSandboxControl, type SandboxControl } from './control/sandbox-control.server.js';
import { startEvmChain, type EvmChainSimulator } from './evm-chain/evm-chain.simulator.js';
import { startFxFeed, type FxFeedSimulator } from './fx-feed/fx-feed.simulator.js';
import { startHorizon, type HorizonSimulator } from './horizon/horizon.simulator.js';
import { startPushBouncer, type PushBouncerSimulator } from './push-bouncer/push-bouncer.simulator.js';
import { startRailSimulator, type RailSimulator } from './rails/rail.simulator.js';
import { startSolanaRpc, type SolanaRpcSimulator } from './solana-rpc/solana-rpc.simulator.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver/webhook-receiver.simulator.js';

export interface Sandbox {
  readonly horizon: HorizonSimulator;
  readonly solana: SolanaRpcSimulator;
  readonly evm: EvmChainSimulator;
  readonly pix: RailSimulator;
  readonly breb: RailSimulator;
  readonly fxFeed: FxFeedSimulator;
  readonly webhookReceiver: WebhookReceiver;
  readonly pushBouncer: PushBouncerSimulator;
  // Pays deposits on request (the gateway's sandbox route, when pointed at it); sets rail balances.
  readonly control: SandboxControl;
  close(): Promise<void>;
}

export interface SandboxOptions {
  // Where the rails POST payout status changes.
  readonly railCallbackUrl?: string;
  readonly solanaFinalizeDelayMs?: number;
  // Customer wallets funded on every chain (default 1): `payDepositTarget(…, { customer })`
  // pays from any of them.
  readonly customers?: number;
  // The webhook receiver's port (default any free one): the standalone launcher keeps it stable,
  // so a receiver registered with webhook-dispatcher still answers after a restart.
  readonly webhookReceiverPort?: number;
}

// Every simulator on its own loopback port, funded and ready: the one helper the standalone
// launcher and the e2e suites use.
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const started: Array<{ close(): Promise<void> }> = [];
  const track = async <T extends { close(): Promise<void> }>(simulator: Promise<T>): Promise<T> => {
    const running = await simulator;
    started.push(running);
    return running;
  };
  const close = async () => {
    for (const simulator of started.reverse()) await simulator.close();
  };
  try {
    const customers = options.customers ?? 1;
    const rail = options.railCallbackUrl ? { callbackUrl: options.railCallbackUrl } : {};
    const pix = await track(startRailSimulator({ rail: 'PIX', ...rail }));
    const breb = await track(startRailSimulator({ rail: 'BREB', ...rail }));
    return {
      horizon: await track(startHorizon(0, customers)),
      solana: await track(startSolanaRpc({ finalizeDelayMs: options.solanaFinalizeDelayMs ?? 0, customers })),
      evm: await track(startEvmChain(0, customers)),
      pix,
      breb,
      fxFeed: await track(startFxFeed()),
      webhookReceiver: await track(startWebhookReceiver(options.webhookReceiverPort ?? 0)),
      pushBouncer: await track(startPushBouncer()),
      control: await track(startSandboxControl([pix, breb])),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
