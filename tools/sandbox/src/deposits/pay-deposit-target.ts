import type { DepositOptions, DepositReceipt, DepositTarget } from './sandbox-deposit.js';

type Deposit = (target: DepositTarget, options: DepositOptions) => Promise<DepositReceipt>;

// Pays a transaction's deposit target from the sandbox customer wallet on the chain it names:
// what the CLI's `sandbox deposit` does, and what the whole-system suites and benchmarks do.
export async function payDepositTarget(
  target: DepositTarget,
  options: DepositOptions = {},
): Promise<DepositReceipt> {
  const deposit = await depositFor(target.blockchain);
  return deposit(target, options);
}

// Loaded on use: the chain SDKs would slow every caller that pays on one chain only.
async function depositFor(blockchain: DepositTarget['blockchain']): Promise<Deposit> {
  switch (blockchain) {
    case 'STELLAR':
      return (await import('./stellar-deposit.js')).stellarDeposit;
    case 'SOLANA':
      return (await import('./solana-deposit.js')).solanaDeposit;
    case 'CELO':
      return (await import('./celo-deposit.js')).celoDeposit;
    default:
      throw new Error(`Unknown blockchain ${String(blockchain)}`);
  }
}
