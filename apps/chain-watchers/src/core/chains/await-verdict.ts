import type { ChainVerdict } from './signed-chain-transaction.js';

const CONFIRM_POLL_MS = 250;

// After a broadcast the chain answered: looks the transaction up until it is seen (landed or
// failed) or `timeoutMs` passes, then calls it ambiguous (a later pass looks it up again).
export async function awaitVerdict(
  lookup: () => Promise<ChainVerdict>,
  timeoutMs: number,
): Promise<ChainVerdict> {
  for (let waited = 0; waited < timeoutMs; waited += CONFIRM_POLL_MS) {
    const verdict = await lookup();
    if (verdict.kind !== 'unknown') return verdict;
    await new Promise((resolve) => setTimeout(resolve, CONFIRM_POLL_MS));
  }
  return { kind: 'ambiguous' };
}
