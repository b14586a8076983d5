import type { Blockchain } from '@shared/contracts';
import type { SweepEntity } from './sweep.entity.js';

// One chain's sweeps: moves a claimed sweep forward as far as it can in one go (resolve a pending
// attempt, read the balances, sign, broadcast, settle) and leaves the rest to the next pass.
export abstract class DepositSweeper {
  abstract readonly blockchain: Blockchain;
  // How many deposit accounts one sweep takes.
  abstract readonly batchSize: number;
  // Why this chain's sweeps wait (a missing key), or null when they can run.
  abstract notReady(): string | null;
  // The treasury address the funds go to.
  abstract destination(): string;
  abstract advance(sweep: SweepEntity): Promise<void>;
}
