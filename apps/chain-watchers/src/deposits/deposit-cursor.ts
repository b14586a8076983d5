// Where a deposit watcher's pass over heights starts, from its committed cursor (the last height
// it covered and that block's hash) and the chain's confirmed head. No cursor: a first start, from
// a safe point below the head (deposit accounts handed out shortly before are covered). A cursor
// ahead of the head, or whose block the chain no longer has (the chain was reset, or the node
// follows another chain), is never trusted nor waited for: the pass rescans from the safe point
// (what was recorded already is recorded once) and says why. A look-back re-reads the last
// heights below the cursor, for what a read may have missed.
export interface HeightCursor {
  readonly height: number;
  // A prefix of the block's hash (null: a cursor written before hashes were kept).
  readonly hash: string | null;
}

export type RescanReason = 'cursor-ahead' | 'chain-reset';

export type ScanStart =
  | { readonly kind: 'resume' | 'first' | 'look-back'; readonly from: number }
  | { readonly kind: 'rescan'; readonly from: number; readonly reason: RescanReason }
  | { readonly kind: 'caught-up' };

export interface ChainPosition {
  readonly confirmed: number;
  // The hash of the block at the cursor's height, as the chain has it now.
  readonly hashAtCursor: string | null;
  readonly safeLookback: number;
  // Re-read this many heights below the cursor (0: resume after it).
  readonly lookBack: number;
}

// Enough of a block hash to tell two chains apart, short enough for the cursor column.
const HASH_PREFIX = 18;

export function formatHeightCursor(height: number, hash: string | null): string {
  return hash ? `${height}@${hash.slice(0, HASH_PREFIX)}` : String(height);
}

export function parseHeightCursor(value: string | null): HeightCursor | null {
  if (value === null) return null;
  const [height, hash] = value.split('@');
  return { height: Number(height), hash: hash ?? null };
}

export function scanStart(cursor: HeightCursor | null, chain: ChainPosition): ScanStart {
  const safePoint = Math.max(0, chain.confirmed - chain.safeLookback);
  if (cursor === null) return { kind: 'first', from: safePoint };
  if (cursor.height > chain.confirmed) return { kind: 'rescan', from: safePoint, reason: 'cursor-ahead' };
  if (cursor.hash !== null && !sameBlock(cursor.hash, chain.hashAtCursor))
    return { kind: 'rescan', from: safePoint, reason: 'chain-reset' };
  if (chain.lookBack > 0) return { kind: 'look-back', from: Math.max(0, cursor.height - chain.lookBack) };
  if (cursor.height === chain.confirmed) return { kind: 'caught-up' };
  return { kind: 'resume', from: cursor.height + 1 };
}

function sameBlock(cursorHash: string, chainHash: string | null): boolean {
  return chainHash !== null && chainHash.slice(0, HASH_PREFIX) === cursorHash;
}
