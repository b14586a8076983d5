import type { StellarMemo } from './stellar-payments.js';

// A deposit's memo must be a transaction_reference: the base64 form of a transaction id's 16
// bytes (24 characters). Anything else cannot be matched automatically and goes to operations.
export type MemoProblem = 'missing' | 'malformed';

const REFERENCE = /^[A-Za-z0-9+/]{22}==$/;

export function memoProblem(memo: StellarMemo): MemoProblem | null {
  if (memo.memo_type !== 'text' || !memo.memo) return 'missing';
  return REFERENCE.test(memo.memo) ? null : 'malformed';
}

// The same verdict from a deposit fact's memo (a text memo or null), as /internal/verify reads it.
export function factMemoProblem(memo: string | null): MemoProblem | null {
  return memoProblem(memo === null ? { memo_type: 'none' } : { memo_type: 'text', memo });
}
